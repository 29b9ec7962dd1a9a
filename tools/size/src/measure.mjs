// Bundles an entry with esbuild (minified, browser/worker platform, ESM) and measures it.
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/**
 * @param {{ name: string, contents: string, resolveDir: string, external?: string[], conditions?: string[] }} entry
 * @returns {Promise<{ name: string, minified: number, gzipped: number, code: string }>}
 */
export async function measure(entry) {
  const result = await build({
    stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    treeShaking: true,
    external: entry.external ?? [],
    ...(entry.conditions ? { conditions: entry.conditions } : {}),
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  return {
    name: entry.name,
    minified: Buffer.byteLength(code),
    gzipped: gzipSync(code, { level: 9 }).length,
    code,
  }
}

export const kib = (n) => `${(n / 1024).toFixed(2)} KiB`
