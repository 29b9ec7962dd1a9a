// Child process: drives autocannon (warm-up, then the measured run) and prints one JSON summary line.
// Usage: node load.mjs '<LoadConfig as JSON>'
// Each request gets a fresh numeric JSON-RPC id in place of the "[<id>]" string (servers that share one
// transport route responses by id); autocannon's own idReplacement sends a wrong Content-Length.
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { Latencies } from './latencies.mjs'
import { ID_TOKEN } from './mcp-client.mjs'

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

/**
 * CPU time a process has used (user + system), in µs, from /proc/<pid>/stat (fields 14 and 15, in clock ticks
 * of USER_HZ, which is 100 on Linux).
 * @param {number} pid
 */
function cpuTimeUs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // after "pid (comm) ", field 3 is at index 0
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

if (cfg.warmup > 0) await run(cfg.warmup, undefined)
const latencies = new Latencies()
const cpuBefore = cfg.serverPid === undefined ? undefined : cpuTimeUs(cfg.serverPid)
const r = await run(cfg.duration, latencies)
const cpuUs =
  cfg.serverPid === undefined || cpuBefore === undefined || r['2xx'] === 0
    ? undefined
    : (cpuTimeUs(cfg.serverPid) - cpuBefore) / r['2xx']
const [p50 = Number.NaN, p99 = Number.NaN] = latencies.quantiles([0.5, 0.99])
/** @type {LoadSummary} */
const summary = {
  rps: r.requests.average,
  p50,
  p99,
  total: r['2xx'],
  bad: r.non2xx + r.errors + r.timeouts,
  cpuUs,
}
process.stdout.write(`${JSON.stringify(summary)}\n`)
