import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** apps/worker-server of this repository (the sample Worker on @edgemcp/workers). */
export const WORKER_APP = fileURLToPath(new URL('../../../../apps/worker-server', import.meta.url))

export interface WranglerDev {
  url: string
  pid: number
  /** Output so far (for diagnostics when it does not come up). */
  output(): string
  stop(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/**
 * Starts `wrangler dev` for the Worker in `appDir` on a free loopback port (no metrics, no cf fetch), waits
 * until it answers, and stops it by its pid: wrangler runs in a process group of its own (it starts workerd),
 * and `stop()` signals that group — nothing else.
 */
export async function startWranglerDev(appDir: string, timeoutMs = 90_000): Promise<WranglerDev> {
  if (!existsSync(join(appDir, 'wrangler.jsonc')) && !existsSync(join(appDir, 'wrangler.toml')))
    throw new Error(`no wrangler config in ${appDir}`)
  const require = createRequire(join(appDir, 'package.json'))
  const bin = join(dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js')
  const port = await freePort()
  // Durable Object state of this run only (not the app's own .wrangler/state), removed on stop.
  const state = mkdtempSync(join(tmpdir(), 'edgemcp-wrangler-'))
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', state],
    {
      cwd: appDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CI: 'true',
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
    },
  )
  let log = ''
  child.stdout?.on('data', (d) => (log += String(d)))
  child.stderr?.on('data', (d) => (log += String(d)))
  const pid = child.pid ?? 0
  const stop = async () => {
    await stopProcess()
    rmSync(state, { recursive: true, force: true })
  }
  const stopProcess = async () => {
    if (child.exitCode !== null || pid === 0) return
    const exited = new Promise((r) => child.once('exit', r))
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // already gone
    }
    const t = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }, 5000)
    await exited
    clearTimeout(t)
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`wrangler dev exited (${child.exitCode}):\n${log.slice(-2000)}`)
    try {
      const res = await fetch(`${url}/`)
      await res.body?.cancel()
      return { url, pid, output: () => log, stop }
    } catch {
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  await stop()
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms:\n${log.slice(-2000)}`)
}
