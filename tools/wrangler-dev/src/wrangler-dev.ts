/**
 * The one launcher of `wrangler dev` for this repo's tests and tools. It replaces three hand-written ones and
 * keeps what each of them did:
 *
 * - all three: `node <wrangler>/bin/wrangler.js dev` spawned directly (no npx or shell in between), bound to
 *   127.0.0.1, in a process group of its own (`detached`) so that stopping the group ends wrangler's node
 *   process and the workerd it starts; offline, quiet env (CI=true WRANGLER_SEND_METRICS=false
 *   CLOUDFLARE_CF_FETCH_ENABLED=false); stdout and stderr captured for `output()` and for the errors; an
 *   early exit of wrangler is an error with that output; stop() sends SIGTERM, SIGKILL after 5 s.
 * - apps/worker-server/test/e2e: explicit `port` (to restart on the same one) and `persistTo` (Durable Object
 *   state kept across a restart); `--var`s; a free `--inspector-port`; `--show-interactive-dev-session=false`
 *   and `--log-level warn`; ready when GET / answers 200 within 60 s, else stopped and an error with the output.
 * - apps/conformance-worker/test: a bundle made once by `wrangler deploy --dry-run` (bundleWorker) run with
 *   `--no-bundle <script>` and `--config`; readiness by a request of its own (an MCP `server/discover` POST)
 *   with the last status in the timeout error; the supervisor (bin/supervise.mjs) as group leader, ending the
 *   group when this process dies without stop(); stop() waits until no process of the group is left; pgid.
 * - tools/load (also used by tools/fuzz): any app directory (its wrangler.jsonc/toml checked first, wrangler
 *   resolved from it), a free port picked here, a throwaway `--persist-to` directory removed on stop, a
 *   configurable timeout (90 s there), the tail of the output in the errors.
 * New here: stop() ends the group bottom-up (workerd first, with SIGKILL as wrangler's own shutdown does, then
 * wrangler, then the supervisor), so that each process is reaped by its parent and none is left a zombie to
 * an init that reaps late; it waits until the port and the inspector port are free again and is idempotent;
 * processes() lists the group's live processes (Linux).
 * Issue 33 (a clean-clone CI run, 2026-12-02): when one `wrangler dev` of an app directory ends, wrangler
 * cleans that directory's `.wrangler/tmp`, and another `wrangler dev` of the same directory reloads its Worker
 * mid-run. So one lock per app directory (dir-lock.ts) lets only one run at a time, across processes, and
 * reloads() counts the reloads wrangler logs ("Reloading local server", at log level `log`, the default
 * here), for a long test to report "dev server restarted" rather than a finding.
 * Issue 33 (a clean-clone CI run, 2026-12-07): workerd could not bind the port picked for it. Ports are now
 * picked below the ephemeral range (ports.ts), and a run that lost a port it picked is retried on fresh ones
 * (three attempts); a port the caller gave is never swapped.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, takenPorts, waitPortFree } from './ports.js'
import { lockAppDir } from './dir-lock.js'
import { endGroup, type GroupProcess, groupProcesses } from './process-group.js'
import { readinessProbe, waitUntilReady } from './readiness.js'
import { wranglerBin, wranglerEnv } from './wrangler-bin.js'

const supervisor = fileURLToPath(new URL('../bin/supervise.mjs', import.meta.url))

export interface WranglerDevOptions {
  /** The app's directory (wrangler runs there; wrangler is resolved from there). */
  cwd: string
  /** `--config` (default: wrangler's own lookup in `cwd`, which must then hold wrangler.jsonc/json/toml). */
  config?: string
  /** An entry script to run instead of the config's `main`, e.g. from bundleWorker(). */
  script?: string
  /** false: `--no-bundle` (for a `script` that is already a bundle). Default true. */
  bundle?: boolean
  /** Default: a free port. */
  port?: number
  /** Default: a free port. */
  inspectorPort?: number
  /** Durable Object/KV state directory; default a fresh temporary one, removed by stop(). */
  persistTo?: string
  /** `--var NAME:value` each. */
  vars?: Record<string, string>
  /**
   * Default 'log': the level at which wrangler logs a reload (see `reloads()`); 'warn' and below hide them.
   */
  logLevel?: 'debug' | 'info' | 'log' | 'warn' | 'error' | 'none'
  /** More arguments for `wrangler dev`. */
  args?: string[]
  /** More environment variables (on top of process.env and the offline defaults). */
  env?: Record<string, string>
  /** `url` is the origin followed by this (default ''). */
  path?: string
  /** The readiness request (default: GET `url`); ready when it answers 200. */
  probe?: (url: string, signal: AbortSignal) => Promise<Response>
  /** How long to wait for readiness (default 60 s). */
  timeoutMs?: number
  /** Lead the group with bin/supervise.mjs, which ends it should this process die first (default true). */
  supervise?: boolean
  /** The Node binary that runs wrangler (default: this process's, `process.execPath`). */
  node?: string
  /**
   * How long to wait for another `wrangler dev` of the same `cwd` (in any process) to stop first (default
   * 10 min); then an error naming it.
   */
  lockTimeoutMs?: number
}

export interface WranglerDev {
  /** http://127.0.0.1:<port> */
  origin: string
  /** `origin` + `path`. */
  url: string
  port: number
  inspectorPort: number
  persistTo: string
  /** The process group: the supervisor (or wrangler), wrangler's node process, workerd. */
  pgid: number
  /** Its live processes (Linux; empty elsewhere). */
  processes: () => GroupProcess[]
  /** stdout and stderr so far (the last 512 KB). */
  output: () => string
  /**
   * How often wrangler has reloaded the Worker since it was ready (a rebuild after a file changed, or its
   * `.wrangler/tmp` removed under it): a request in flight then may fail for no fault of the Worker.
   */
  reloads: () => number
  /** Ends the group, waits until none of it is left and the ports are free; removes a temporary persistTo. */
  stop: () => Promise<void>
}

const tail = (log: string) => (log.length > 8_000 ? `…${log.slice(-8_000)}` : log)

/** Starts `wrangler dev` (see the top of this file) and resolves once it answers. */
export async function startWranglerDev(options: WranglerDevOptions): Promise<WranglerDev> {
  const { cwd } = options
  if (
    options.config === undefined &&
    !['wrangler.jsonc', 'wrangler.json', 'wrangler.toml'].some((f) => existsSync(join(cwd, f)))
  )
    throw new Error(`no wrangler config in ${cwd}`)
  const lock = await lockAppDir(
    cwd,
    options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs },
  )
  const ownState = options.persistTo === undefined
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), 'edgemcp-wrangler-'))
  const release = () => {
    if (ownState) rmSync(persistTo, { recursive: true, force: true })
    lock.release()
  }
  // Ports picked here may be taken by someone else before workerd binds them (see freePort): then wrangler
  // exits with "Address already in use" and we try again on fresh ones. A port the caller gave is not retried.
  for (let attempt = 1; ; attempt++) {
    let run: Run
    try {
      const port = options.port ?? (await freePort())
      const inspectorPort = options.inspectorPort ?? (await freePort(port)) // never the app's port
      run = await launch(options, { port, inspectorPort, persistTo })
      lock.setGroup(run.pgid)
    } catch (error) {
      release()
      throw error
    }
    const failure = await waitUntilReady({
      url: run.url,
      probe: options.probe ?? readinessProbe,
      timeoutMs: options.timeoutMs ?? 60_000,
      exited: () => (run.running() ? undefined : `code ${run.child.exitCode ?? run.child.signalCode}`),
    })
    if (failure === undefined) return ready(run, { persistTo, release })
    const { ended } = await run.end()
    const picked = [
      ...(options.port === undefined ? [run.port] : []),
      ...(options.inspectorPort === undefined ? [run.inspectorPort] : []),
    ]
    const lost = takenPorts(run.log()).some((p) => picked.includes(p))
    if (ended && lost && failure.startsWith('exited early') && attempt < 3) continue
    if (ended) release() // else the group still holds the directory: the lock stays until it is gone
    throw new Error(
      `wrangler dev ${failure}${attempt > 1 ? ` (attempt ${attempt})` : ''}:\n${tail(run.log())}`,
    )
  }
}

interface Run {
  child: ChildProcess
  pgid: number
  port: number
  inspectorPort: number
  origin: string
  url: string
  running: () => boolean
  log: () => string
  reloads: () => number
  /** Ends the group bottom-up: whether none of it is left, and whether its ports are free again. */
  end: () => Promise<{ ended: boolean; freed: boolean }>
}

/** Spawns one `wrangler dev` on the given ports (see the top of this file). */
async function launch(
  options: WranglerDevOptions,
  at: { port: number; inspectorPort: number; persistTo: string },
): Promise<Run> {
  const { cwd } = options
  const { port, inspectorPort, persistTo } = at
  const args = [
    wranglerBin(cwd),
    'dev',
    ...(options.script === undefined ? [] : [options.script]),
    ...(options.config === undefined ? [] : ['--config', options.config]),
    ...(options.bundle === false ? ['--no-bundle'] : []),
    ...['--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort)],
    ...['--persist-to', persistTo],
    ...Object.entries(options.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ...['--show-interactive-dev-session=false', '--log-level', options.logLevel ?? 'log'],
    ...(options.args ?? []),
  ]
  const supervised = options.supervise !== false
  const node = options.node ?? process.execPath
  // Supervised, stdin is a pipe from this process: its closing tells the supervisor that this process died.
  const child: ChildProcess = spawn(node, supervised ? [supervisor, node, ...args] : args, {
    cwd,
    detached: true,
    stdio: [supervised ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...wranglerEnv(), ...options.env },
  })
  const pgid = child.pid
  if (pgid === undefined) throw new Error('could not start wrangler dev')
  let log = ''
  let reloads = 0
  let partial = '' // the last line, until its end arrives
  const take = (d: unknown) => {
    const text = String(d)
    log += text
    if (log.length > 1024 * 1024) log = log.slice(-512 * 1024)
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    reloads += lines.filter((l) => l.includes('Reloading local server')).length
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  child.on('error', (e) => (log += `\n${e}\n`))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const running = () => child.exitCode === null && child.signalCode === null
  const end = async () => {
    // Bottom up, workerd with SIGKILL as wrangler's own shutdown does; so wrangler reaps what it started.
    const ended = await endGroup(pgid, { killAtOnce: ['workerd'] })
    if (running()) await exited // reaped
    const freed = (await waitPortFree(port)) && (await waitPortFree(inspectorPort))
    return { ended, freed }
  }
  const origin = `http://127.0.0.1:${port}`
  return {
    child,
    pgid,
    port,
    inspectorPort,
    origin,
    url: origin + (options.path ?? ''),
    running,
    log: () => log,
    reloads: () => reloads,
    end,
  }
}

/** The handle of a run that answered. */
function ready(run: Run, own: { persistTo: string; release: () => void }): WranglerDev {
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      const { ended, freed } = await run.end()
      if (ended) own.release() // else the group still holds the directory: the lock stays until it is gone
      if (!ended) throw new Error(`wrangler dev: processes of group ${run.pgid} survived SIGKILL`)
      if (!freed)
        throw new Error(`wrangler dev: port ${run.port} or ${run.inspectorPort} still in use after stop`)
    })()
    return stopping
  }
  const reloadsBeforeReady = run.reloads()
  return {
    origin: run.origin,
    url: run.url,
    port: run.port,
    inspectorPort: run.inspectorPort,
    persistTo: own.persistTo,
    pgid: run.pgid,
    processes: () => groupProcesses(run.pgid),
    output: run.log,
    reloads: () => run.reloads() - reloadsBeforeReady,
    stop,
  }
}
