import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

/** bin/wrangler.js of the wrangler that `cwd` resolves (this package's own when `cwd` resolves none). */
export function wranglerBin(cwd: string): string {
  let pkg: string
  try {
    pkg = createRequire(join(cwd, 'package.json')).resolve('wrangler/package.json')
  } catch {
    pkg = createRequire(import.meta.url).resolve('wrangler/package.json')
  }
  return join(dirname(pkg), 'bin', 'wrangler.js')
}

/** Offline, quiet wrangler: no telemetry, no fetches to Cloudflare, no prompts. */
export function wranglerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
}

/**
 * Bundles the Worker of `cwd` once (`wrangler deploy --dry-run --outdir outDir`) and returns the bundle's
 * entry, for startWranglerDev({ script, bundle: false }): a server fixed for the whole run, where `wrangler
 * dev` on the sources would rebuild whenever a workspace package's dist changes.
 */
export async function bundleWorker(options: {
  cwd: string
  outDir: string
  config?: string
}): Promise<string> {
  const config = options.config === undefined ? [] : ['--config', options.config]
  await promisify(execFile)(
    process.execPath,
    [wranglerBin(options.cwd), 'deploy', '--dry-run', '--outdir', options.outDir, ...config],
    { cwd: options.cwd, env: wranglerEnv(), maxBuffer: 8 * 1024 * 1024 },
  )
  return join(options.outDir, 'index.js')
}
