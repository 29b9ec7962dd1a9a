// Runs one Worker in its own workerd process, without wrangler or Miniflare: a generated workerd config (one
// service, one HTTP socket on a kernel-chosen loopback port, SQLite-backed Durable Objects on a fresh disk
// directory), the process pinned to a core with taskset. workerd reports the port on a control descriptor.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stopper } from '../runner.mjs'

/** The workerd binary of the workspace's `workerd` package (the one wrangler and Miniflare run). */
export const WORKERD = /** @type {string} */ (
  createRequire(import.meta.url)('workerd').default ?? createRequire(import.meta.url)('workerd')
)
export const COMPATIBILITY_DATE = '2026-04-01'

/**
 * @typedef {object} WorkerdOptions
 * @property {import('./contenders.mjs').WorkerContender} contender
 * @property {string} code  the bundled Worker
 * @property {Record<string, string>} vars  text bindings
 * @property {number} cpu  core to pin workerd to
 */

/**
 * workerd's Cap'n Proto text config for one Worker.
 * @param {import('./contenders.mjs').WorkerContender} contender
 * @param {Record<string, string>} vars
 */
export function workerdConfig(contender, vars) {
  const objects = Object.entries(contender.objects ?? {})
  const str = (/** @type {string} */ s) => JSON.stringify(s)
  const bindings = [
    ...Object.entries(vars).map(([name, text]) => `(name = ${str(name)}, text = ${str(text)})`),
    ...objects.map(([name, cls]) => `(name = ${str(name)}, durableObjectNamespace = ${str(cls)})`),
  ]
  const worker = [
    `modules = [ (name = "worker.js", esModule = embed "worker.js") ]`,
    `compatibilityDate = ${str(COMPATIBILITY_DATE)}`,
    `compatibilityFlags = [ ${(contender.flags ?? []).map(str).join(', ')} ]`,
    `bindings = [ ${bindings.join(', ')} ]`,
    ...(objects.length === 0
      ? []
      : [
          `durableObjectNamespaces = [ ${objects.map(([, cls]) => `(className = ${str(cls)}, uniqueKey = ${str(`bench-${cls}`)}, enableSql = true)`).join(', ')} ]`,
          `durableObjectStorage = (localDisk = "do-disk")`,
        ]),
  ]
  const services = ['(name = "main", worker = .worker)']
  if (objects.length > 0) services.push('(name = "do-disk", disk = (path = "do", writable = true))')
  const extensions = Object.entries(contender.internalModules ?? {}).map(
    ([name, source]) => `(name = ${str(name)}, esModule = ${str(source)}, internal = true)`,
  )
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    'const config :Workerd.Config = (',
    `  services = [ ${services.join(', ')} ],`,
    ...(extensions.length === 0 ? [] : [`  extensions = [ (modules = [ ${extensions.join(', ')} ]) ],`]),
    '  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],',
    ');',
    `const worker :Workerd.Worker = ( ${worker.join(', ')} );`,
    '',
  ].join('\n')
}

/**
 * @typedef {object} WorkerdProc
 * @property {number} pid
 * @property {number} port
 * @property {number} listenMs  from spawn to the socket listening (the script is compiled and evaluated by then)
 * @property {() => string} stderr
 * @property {() => Promise<void>} stop
 */

/**
 * Starts workerd with the Worker and resolves once it listens.
 * @param {WorkerdOptions} options
 * @returns {Promise<WorkerdProc>}
 */
export function startWorkerd({ contender, code, vars, cpu }) {
  const dir = mkdtempSync(join(tmpdir(), `bench-workerd-${contender.id}-`))
  writeFileSync(join(dir, 'worker.js'), code)
  writeFileSync(join(dir, 'config.capnp'), workerdConfig(contender, vars))
  if (contender.objects !== undefined) mkdirSync(join(dir, 'do'))
  const started = performance.now()
  const child = spawn(
    'taskset',
    ['-c', String(cpu), WORKERD, 'serve', 'config.capnp', '--control-fd=3', '--experimental'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  )
  let err = ''
  child.stderr?.on('data', (d) => {
    err = (err + d).slice(-4000)
  })
  const { exited, stop: stopChild } = stopper(child)
  const stop = async () => {
    await stopChild()
    rmSync(dir, { recursive: true, force: true })
  }
  return new Promise((resolve, reject) => {
    let control = ''
    const ctl = /** @type {import('node:stream').Readable} */ (child.stdio[3])
    ctl.on('data', (d) => {
      control += d
      const m = /"event":"listen","socket":"http","port":(\d+)/.exec(control)
      if (m === null || child.pid === undefined) return
      ctl.removeAllListeners('data')
      ctl.resume()
      resolve({
        pid: child.pid,
        port: Number(m[1]),
        listenMs: performance.now() - started,
        stderr: () => err,
        stop,
      })
    })
    void exited.then((code) => {
      rmSync(dir, { recursive: true, force: true }) // no-op once stop() removed it
      reject(new Error(`workerd exited (${code}) before listening: ${err.trim().slice(-800)}`))
    })
  })
}

/**
 * CPU time a process has used so far, in µs, at nanosecond resolution: the sum over its threads of
 * /proc/<pid>/task/<tid>/schedstat (field 1, ns on CPU). For short spans such as a cold start, where
 * /proc/<pid>/stat's 10 ms ticks are too coarse.
 * @param {number} pid
 */
export function cpuTimeNsUs(pid) {
  let ns = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // the thread ended between readdir and read
    }
  }
  return ns / 1000
}
