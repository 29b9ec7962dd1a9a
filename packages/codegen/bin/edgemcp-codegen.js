#!/usr/bin/env node
// The bin is this committed file, not dist/cli.js: npm links a bin at install time only when its target exists,
// so a bin pointing into dist/ was never linked in a fresh clone, and `npx edgemcp-codegen` went to the registry.
import { existsSync } from 'node:fs'

const cli = new URL('../dist/cli.js', import.meta.url)
if (!existsSync(cli)) {
  process.stderr.write(
    'edgemcp-codegen: error: this copy of @edgemcp/codegen is not built (dist/cli.js is missing): ' +
      'run `npm run build` at the repository root first\n',
  )
  process.exit(2)
}
await import(cli.href)
