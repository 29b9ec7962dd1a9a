// Size budgets (bytes, gzipped) and the entries they apply to. Dependencies that are not ours (the JSON
// Schema validator) are left external so the figure is the size of our own code.
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))

export const entries = [
  {
    name: '@edgemcp/core (server + client engines)',
    contents: "export * from '@edgemcp/core'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    budgetGzip: 20 * 1024,
  },
  {
    name: '@edgemcp/core (server only: McpServer)',
    contents: "export { McpServer } from '@edgemcp/core'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    budgetGzip: 20 * 1024,
    /** Strings that must be tree-shaken away from this entry. */
    mustNotContain: ['McpClient'],
  },
]
