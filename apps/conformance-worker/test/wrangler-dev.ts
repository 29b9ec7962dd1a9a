import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export const appDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const supervisor = join(appDir, 'test/supervise.mjs')
const wranglerBin = join(
  dirname(createRequire(import.meta.url).resolve('wrangler/package.json')),
  'bin/wrangler.js',
)
/** Offline, quiet wrangler: no telemetry, no fetches to Cloudflare, no prompts. */
const wranglerEnv = {
  ...process.env,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
}

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

/**
 * Bundles the Worker once (`wrangler deploy --dry-run`) into `outDir`, so the server under test is fixed for
 * the whole run: `wrangler dev` on the sources would rebuild whenever a workspace package's dist changes.
 */
export async function bundleWorker(outDir: string): Promise<string> {
  await promisify(execFile)(process.execPath, [wranglerBin, 'deploy', '--dry-run', '--outdir', outDir], {
    cwd: appDir,
    env: wranglerEnv,
    maxBuffer: 8 * 1024 * 1024,
  })
  return join(outDir, 'index.js')
}

export interface WranglerDev {
  /** The MCP endpoint, http://127.0.0.1:<port>/mcp. */
  url: string
  /** Process group of wrangler and its workerd. */
  pgid: number
  output: () => string
  /** Stops wrangler and workerd (the whole process group) and waits until none of them is left. */
  stop: () => Promise<void>
}

/** True while any process of group `pgid` exists. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A 2026-07-28 `server/discover` — answered by the Worker itself, opens nothing. */
export function discover(url: string): Promise<Response> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }),
    signal: AbortSignal.timeout(2_000),
  })
}

/**
 * Runs `wrangler dev --no-bundle <script>` on 127.0.0.1:`port` in a process group of its own (so stopping
 * the group ends workerd too; test/supervise.mjs ends it should this process die first), and waits until
 * the MCP endpoint answers.
 */
export async function startWranglerDev(options: {
  script: string
  port: number
  persistTo: string
  vars: Record<string, string>
}): Promise<WranglerDev> {
  const inspectorPort = await freePort()
  const args = [
    wranglerBin,
    'dev',
    options.script,
    '--config',
    join(appDir, 'wrangler.jsonc'),
    '--no-bundle',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    options.persistTo,
    ...Object.entries(options.vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
  ]
  // The supervisor leads the new process group and ends it if this process dies without calling stop().
  const child: ChildProcess = spawn(process.execPath, [supervisor, process.execPath, ...args], {
    cwd: appDir,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: wranglerEnv,
  })
  const pgid = child.pid
  if (pgid === undefined) throw new Error('could not start wrangler dev')
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pgid, sig)
    } catch {}
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal('SIGTERM')
      const timer = setTimeout(() => signal('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    // workerd may outlive wrangler for a moment: end whatever is left of the group.
    for (let i = 0; i < 50 && groupAlive(pgid); i++) {
      signal(i < 10 ? 'SIGTERM' : 'SIGKILL')
      await sleep(100)
    }
  }

  const url = `http://127.0.0.1:${options.port}/mcp`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`)
    const status = await discover(url).then(
      async (r) => {
        await r.body?.cancel()
        return r.status
      },
      () => 0,
    )
    if (status === 200) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`wrangler dev did not answer within 60 s (last status ${status}):\n${log}`)
    }
    await sleep(200)
  }
  return { url, pgid, output: () => log, stop }
}
