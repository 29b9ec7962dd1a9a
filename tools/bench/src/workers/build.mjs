// Bundles each contender's Worker as wrangler bundles for workerd (esbuild, ESM, es2022, the workerd/worker/
// browser export conditions), minified for all alike. Node built-ins stay imports: the contenders that use them
// run with nodejs_compat, as they would on Cloudflare.
import { builtinModules } from 'node:module'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/**
 * @param {import('./contenders.mjs').WorkerContender} contender
 * @returns {Promise<{ code: string, bytes: number, gzipBytes: number }>}  gzip at level 9
 */
export async function bundleWorker(contender) {
  const result = await build({
    entryPoints: [new URL(`./entries/${contender.entry}`, import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    external: ['cloudflare:*', 'node:*', ...builtinModules],
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length }
}
