// Child process: drives autocannon (warm-up, then the measured run) and prints one JSON summary line.
// Usage: node load.mjs '<LoadConfig as JSON>'
// Each request gets a fresh numeric JSON-RPC id in place of the "[<id>]" string (servers that share one
// transport route responses by id); autocannon's own idReplacement sends a wrong Content-Length.
import autocannon from 'autocannon'
import { Latencies } from './latencies.mjs'
import { ID_TOKEN } from './mcp-client.mjs'
import { cpuTimeUs } from './proc-cpu.mjs'

/**
 * @typedef {object} LoadConfig
 * @property {string} url
 * @property {Record<string, string>} headers
 * @property {string} body  JSON text with the string "[<id>]" where the id goes
 * @property {number} connections
 * @property {number} duration  seconds
 * @property {number} warmup  seconds, not measured
 * @property {number} [serverPid]  the server process, whose CPU time over the measured run is reported
 */
/**
 * @typedef {object} LoadSummary
 * @property {number} rps  mean requests per second
 * @property {number} p50  ms
 * @property {number} p99  ms
 * @property {number} total  2xx responses
 * @property {number} bad  non-2xx responses + errors + timeouts
 * @property {number | undefined} [cpuUs]  server CPU time (user + system) per 2xx response over the measured run, µs
 * @property {number | undefined} [serverCpuPct]  the server's CPU time over the measured run's wall time, % of a core
 * @property {number | undefined} [loadCpuPct]  the load generator's, % of a core
 * @property {'autocannon' | 'wrk'} [loader]
 */

/** @type {LoadConfig} */
const cfg = JSON.parse(process.argv[2] ?? '')
const [prefix, suffix, ...rest] = cfg.body.split(JSON.stringify(ID_TOKEN))
if (prefix === undefined || suffix === undefined || rest.length > 0)
  throw new Error('body needs one "[<id>]"')
let nextId = 1

/**
 * One autocannon run. Its own latency histogram has 1 ms resolution, so 2xx latencies are also
 * collected here at full precision.
 * @param {number} duration
 * @param {Latencies | undefined} into
 * @returns {Promise<import('autocannon').Result>}
 */
const run = (duration, into) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: cfg.url,
        method: 'POST',
        headers: cfg.headers,
        connections: cfg.connections,
        duration,
        requests: [{ setupRequest: (req) => ({ ...req, body: prefix + nextId++ + suffix }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    )
    if (into) instance.on('response', (_client, status, _bytes, ms) => void (status < 300 && into.add(ms)))
  })

if (cfg.warmup > 0) await run(cfg.warmup, undefined)
const latencies = new Latencies()
const cpuBefore = cfg.serverPid === undefined ? undefined : cpuTimeUs(cfg.serverPid)
const ownBefore = process.cpuUsage()
const t0 = process.hrtime.bigint()
const r = await run(cfg.duration, latencies)
const wallUs = Number(process.hrtime.bigint() - t0) / 1000
const own = process.cpuUsage(ownBefore)
const serverCpu =
  cfg.serverPid === undefined || cpuBefore === undefined ? undefined : cpuTimeUs(cfg.serverPid) - cpuBefore
const cpuUs = serverCpu === undefined || r['2xx'] === 0 ? undefined : serverCpu / r['2xx']
const [p50 = Number.NaN, p99 = Number.NaN] = latencies.quantiles([0.5, 0.99])
/** @type {LoadSummary} */
const summary = {
  rps: r.requests.average,
  p50,
  p99,
  total: r['2xx'],
  bad: r.non2xx + r.errors + r.timeouts,
  cpuUs,
  serverCpuPct: serverCpu === undefined ? undefined : (100 * serverCpu) / wallUs,
  loadCpuPct: (100 * (own.user + own.system)) / wallUs,
  loader: 'autocannon',
}
process.stdout.write(`${JSON.stringify(summary)}\n`)
