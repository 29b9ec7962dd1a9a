#!/usr/bin/env node
// The full chaos run (docs/hardening.md): a fleet of 3 instances, 200 legacy sessions, 20,000 calls with
// elicitation and resumed streams, two instance kills and restarts and one Redis restart; prints the report
// (JSON) and exits 1 if anything was lost, duplicated, hung or unclear.
//   node dist/chaos-main.js [--calls N] [--sessions N] [--concurrency N] [--seed N]
import { parseArgs } from 'node:util'
import { runChaos } from './chaos.js'
import { startFleet } from './launch.js'

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '20000' },
    sessions: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string', default: '1' },
  },
})
const fleet = await startFleet({ heartbeatMs: 300 })
console.log(`fleet: ${fleet.url}, Redis ${fleet.redisUrl}`)
try {
  const report = await runChaos(fleet, {
    calls: Number(values.calls),
    sessions: Number(values.sessions),
    concurrency: Number(values.concurrency),
    seed: Number(values.seed),
    onFault: (f) => console.log(`fault: ${f}`),
  })
  console.log(JSON.stringify({ ...report, perInstance: Object.fromEntries(fleet.proxy.counts) }, null, 2))
  process.exitCode = report.lost + report.duplicated + report.hung + report.unclear === 0 ? 0 : 1
} finally {
  await fleet.stop()
}
