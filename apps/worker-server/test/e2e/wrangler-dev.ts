import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const appDir = join(dirname(fileURLToPath(import.meta.url)), '../..')
const wranglerBin = join(
  dirname(createRequire(import.meta.url).resolve('wrangler/package.json')),
  'bin/wrangler.js',
)

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface WranglerDev {
  url: string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts `wrangler dev` for this app on 127.0.0.1:`port` (in its own process group, so that stopping it by
 * its PID ends workerd too) and waits until it answers.
 */
export async function startWranglerDev(
  port: number,
  persistTo: string,
  secret: string,
): Promise<WranglerDev> {
  const inspectorPort = await freePort()
  const args = [
    wranglerBin,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    persistTo,
    '--var',
    `MCP_STATE_SECRET:${secret}`,
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
  ]
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: appDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  })
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL')
      } catch {}
    }, 5_000)
    await exited
    clearTimeout(timer)
    // workerd may outlive wrangler for a moment: make sure the whole group is gone.
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`)
    try {
      const r = await fetch(`${url}/`)
      if (r.status === 200) break
    } catch {}
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`wrangler dev did not answer within 60 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, output: () => log, stop }
}
