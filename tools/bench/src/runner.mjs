// Process plumbing: server and load generator as separate Node processes pinned with taskset.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const SERVER_MAIN = fileURLToPath(new URL('./server-main.mjs', import.meta.url))
const LOAD_MAIN = fileURLToPath(new URL('./load.mjs', import.meta.url))

/** Throws a readable error when taskset (util-linux) is missing. */
export function assertTaskset() {
  const probe = spawnSync('taskset', ['-c', '0', 'true'])
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `taskset is required to pin processes (Debian: apt-get install util-linux): ${probe.error ?? probe.stderr}`,
    )
  }
}

/** @typedef {{ pid: number, port: number, stop: () => Promise<void>, stderr: () => string }} ServerProc */

/**
 * Starts `servers/<file>` on a pinned core. Resolves to a running server or to `{ skipped }`.
 * @param {string} file
 * @param {import('./servers/contract.mjs').ServerOptions} opts
 * @param {number} cpu
 * @param {string} [profileDir]  write a V8 CPU profile of the server there
 * @param {string[]} [wrap]  a command the server's node runs under (e.g. valgrind and its flags: see
 *   instructions.mjs); the process keeps its pid
 * @returns {Promise<ServerProc | { skipped: string }>}
 */
export function startServer(file, { mode, toolset }, cpu, profileDir, wrap = []) {
  // --cpu-prof writes a V8 CPU profile of the whole run when the server exits (see profile-summary.mjs)
  const profile =
    profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=100']
  const child = spawn(
    'taskset',
    ['-c', String(cpu), ...wrap, process.execPath, ...profile, SERVER_MAIN, file, mode, toolset],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let err = ''
  child.stderr.on('data', (d) => {
    err = (err + d).slice(-4000)
  })
  const { exited, stop } = stopper(child)
  return new Promise((resolve, reject) => {
    let out = ''
    let settled = false
    child.stdout.on('data', (d) => {
      out += d
      const nl = out.indexOf('\n')
      if (nl < 0 || settled) return
      settled = true
      /** @type {{ port?: number, skipped?: string, error?: string }} */
      const msg = JSON.parse(out.slice(0, nl))
      if (msg.port !== undefined && child.pid !== undefined) {
        resolve({ pid: child.pid, port: msg.port, stop, stderr: () => err })
      } else if (msg.skipped !== undefined) void stop().then(() => resolve({ skipped: msg.skipped ?? '' }))
      else void stop().then(() => reject(new Error(msg.error ?? 'server did not start')))
    })
    void exited.then((code) => {
      if (!settled) reject(new Error(`server exited (${code}) before it was ready: ${err.trim()}`))
      settled = true
    })
  })
}

/**
 * How to stop a child process: SIGTERM, then SIGKILL after 3 s; `exited` settles with its exit code.
 * @param {import('node:child_process').ChildProcess} child
 */
export function stopper(child) {
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(timer)
  }
  return { exited, stop }
}

/**
 * Peak resident set size (VmHWM) of a live process, in KiB.
 * @param {number} pid
 */
export function peakRssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)
  if (m === null) throw new Error(`no VmHWM in /proc/${pid}/status`)
  return Number(m[1])
}

/**
 * Runs autocannon in its own process on a pinned core.
 * @param {import('./load.mjs').LoadConfig} cfg
 * @param {number} cpu
 * @returns {Promise<import('./load.mjs').LoadSummary>}
 */
export function runLoad(cfg, cpu) {
  const child = spawn('taskset', ['-c', String(cpu), process.execPath, LOAD_MAIN, JSON.stringify(cfg)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => {
    out += d
  })
  child.stderr.on('data', (d) => {
    err = (err + d).slice(-4000)
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out))
      else reject(new Error(`load generator exited ${code}: ${err.trim()}`))
    })
  })
}
