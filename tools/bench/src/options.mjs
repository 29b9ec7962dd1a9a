// Options from flags, falling back to BENCH_* environment variables, then to defaults.
import { parseArgs } from 'node:util'
import { hasWrk } from './wrk.mjs'

export const USAGE = `Usage: npm run bench [-- options]
  --duration <s>      seconds measured per run        (BENCH_DURATION, default 10; --quick: 2)
  --warmup <s>        unmeasured seconds before each   (BENCH_WARMUP, default 2; --quick: 1)
  --connections <n>   concurrent connections          (BENCH_CONNECTIONS, default 50)
  --rounds <n>        rounds, alternating order, >= 2  (BENCH_ROUNDS, default 2)
  --quick             2 s smoke run
  --only <ids>        comma-separated contender ids    (BENCH_ONLY)
  --workloads <ids>   comma-separated: a,b,c           (BENCH_WORKLOADS)
  --server-cpu <n>    core for servers                 (BENCH_SERVER_CPU, default 0)
  --load-cpu <n>      core for the load generator      (BENCH_LOAD_CPU, default 1)
  --loader <name>     wrk | autocannon                 (BENCH_LOADER, default wrk when /usr/bin/wrk exists)
  --json <file>       also write results as JSON       (BENCH_JSON)
  --charts <dir>      also write SVG charts there      (BENCH_CHARTS)
  --profile <dir>     npm run bench: V8 CPU profile of each server run there (read with src/profile-summary.mjs)
  --cold <n>          bench:workers: cold starts per contender, 0 = none (BENCH_COLD, default 20; --quick: 3)
  --no-load           bench:workers: cold starts only, no throughput runs
  --report <file>     print the tables (and --charts) of a saved --json file, measure nothing`

/**
 * @typedef {object} Options
 * @property {number} duration
 * @property {number} warmup
 * @property {number} connections
 * @property {number} rounds
 * @property {boolean} quick
 * @property {string[] | undefined} only
 * @property {string[] | undefined} workloads
 * @property {number} serverCpu
 * @property {number} loadCpu
 * @property {'wrk' | 'autocannon'} loader  the load generator (wrk.mjs, load.mjs)
 * @property {string | undefined} json
 * @property {string | undefined} charts  directory for SVG charts
 * @property {string | undefined} profile  directory for V8 CPU profiles of the Node servers
 * @property {number} cold  cold starts per contender (workerd bench)
 * @property {boolean} load  throughput runs (workerd bench; --no-load turns them off)
 * @property {string | undefined} report  a --json file to render instead of measuring
 * @property {boolean} help
 */

/**
 * @param {string[]} argv
 * @param {Record<string, string | undefined>} env
 * @returns {Options}
 */
export function parseOptions(argv, env) {
  const s = /** @type {const} */ ({ type: 'string' })
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      duration: s,
      warmup: s,
      connections: s,
      rounds: s,
      only: s,
      workloads: s,
      'server-cpu': s,
      'load-cpu': s,
      loader: s,
      json: s,
      charts: s,
      profile: s,
      report: s,
      cold: s,
      quick: { type: 'boolean' },
      'no-load': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const quick = values.quick === true || env.BENCH_QUICK === '1'
  /**
   * @param {string | undefined} flag
   * @param {string} name
   * @param {number} fallback
   * @param {number} min
   */
  const num = (flag, name, fallback, min) => {
    const raw = flag ?? env[name]
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min)
      throw new Error(
        `${name.replace('BENCH_', '').toLowerCase()} must be an integer >= ${min}, got "${raw}"`,
      )
    return n
  }
  /** @param {string | undefined} raw */
  const list = (raw) =>
    raw
      ? raw
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined
  const serverCpu = num(values['server-cpu'], 'BENCH_SERVER_CPU', 0, 0)
  const loadCpu = num(values['load-cpu'], 'BENCH_LOAD_CPU', 1, 0)
  if (serverCpu === loadCpu) throw new Error('server and load generator must run on different cores')
  const loader = values.loader ?? (env.BENCH_LOADER || (hasWrk() ? 'wrk' : 'autocannon'))
  if (loader !== 'wrk' && loader !== 'autocannon')
    throw new Error(`loader must be wrk or autocannon, got "${loader}"`)
  return {
    duration: num(values.duration, 'BENCH_DURATION', quick ? 2 : 10, 1),
    warmup: num(values.warmup, 'BENCH_WARMUP', quick ? 1 : 2, 0),
    connections: num(values.connections, 'BENCH_CONNECTIONS', 50, 1),
    rounds: num(values.rounds, 'BENCH_ROUNDS', 2, 2),
    quick,
    only: list(values.only ?? env.BENCH_ONLY),
    workloads: list(values.workloads ?? env.BENCH_WORKLOADS),
    serverCpu,
    loadCpu,
    loader,
    json: values.json ?? (env.BENCH_JSON || undefined),
    charts: values.charts ?? (env.BENCH_CHARTS || undefined),
    profile: values.profile ?? (env.BENCH_PROFILE || undefined),
    report: values.report,
    cold: num(values.cold, 'BENCH_COLD', quick ? 3 : 20, 0),
    load: values['no-load'] !== true,
    help: values.help === true,
  }
}
