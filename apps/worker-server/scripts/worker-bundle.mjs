// How the Worker is bundled for measuring (minified ESM for workerd, as wrangler builds it), shared by
// `npm run size` and the bundle test.
import { build } from 'esbuild'

/** The entry of what the budget counts: our packages as this app uses them (not the app's own code). */
export const OURS_ENTRY = [
  "export { McpServer } from '@edgemcp/core'",
  "export { createMcpWorker, notifyListChanged } from '@edgemcp/workers'",
].join('\n')

/** Bundles like wrangler for workerd; `options` add the entry and anything else. Nothing is written. */
export function buildWorker(options) {
  return build({
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    metafile: true,
    external: ['cloudflare:workers'],
    logLevel: 'silent',
    ...options,
  })
}
