/**
 * `npm run fuzz`: the long run. Every in-process target, both loopback targets and raw-socket cases, the client
 * targets (hostile servers against McpClient and the client transports), and @edgemcp/workers under
 * `wrangler dev` (apps/worker-server; skip with --no-workers): at least 100,000 cases in all; prints a table,
 * the total and the peak memory, exits 1 when a target failed (with its shrunk counterexample).
 * Options: --seed N (default: time-based, printed), --scale F (multiplies every count).
 */
import { guardCount } from './guards.js'
import { CLIENT_TARGETS, fuzzClient } from './client/run-client.js'
import { KNOWN_BUGS } from './known-bugs.js'
import { type FuzzResult, fuzzRaw, fuzzTarget } from './run.js'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { WORKER_APP } from '@edgemcp/tools-load/wrangler'
import { startWranglerDev } from '@edgemcp/tools-wrangler-dev'
import { IN_PROCESS, LOOPBACK } from './targets/all.js'
import { workersTarget } from './targets/workers.js'

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const seed = Number(arg('seed') ?? Date.now() % 2 ** 31)
const scale = Number(arg('scale') ?? 1)
const n = (count: number) => Math.max(1, Math.round(count * scale))

const results: FuzzResult[] = []
const report = (r: FuzzResult) => {
  results.push(r)
  const known = Object.entries(r.known)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ')
  console.log(
    `${r.target.padEnd(28)} ${String(r.runs).padStart(7)} cases ${String(r.ms).padStart(7)} ms  ${r.failed ? 'FAILED' : 'ok'} ${known}`,
  )
  if (r.outcomes) {
    const ends = Object.entries(r.outcomes).sort((a, b) => b[1] - a[1])
    console.log(`  ended as: ${ends.map(([k, v]) => `${k}×${v}`).join(' ')}`)
  }
  if (r.report) console.log(r.report)
}

console.log(`edgemcp fuzz, seed ${seed}`)
for (const t of IN_PROCESS) {
  const target = await t.make()
  report(await fuzzTarget(target, { seed, numRuns: n(23_000) }))
  await target.close()
}
for (const t of LOOPBACK) {
  const target = await t.make()
  report(await fuzzTarget(target, { seed, numRuns: n(3_000) }))
  report(await fuzzRaw(target, { seed, numRuns: n(1_000) }))
  await target.close()
}
// Hostile servers against the client: in process (fast, many cases) and over a real loopback socket.
const CLIENT_RUNS: Record<string, number> = {
  'client streamable-http': 6_000,
  'client sse': 3_000,
  'client loopback streamable': 1_500,
}
for (const t of CLIENT_TARGETS) {
  const before = process.memoryUsage().rss
  report(await fuzzClient(t, { seed, numRuns: n(CLIENT_RUNS[t.name] ?? 1_000) }))
  const mib = (b: number) => `${Math.round(b / 2 ** 20)} MiB`
  console.log(`  rss ${mib(before)} before, ${mib(process.memoryUsage().rss)} after`)
}
// @edgemcp/workers under wrangler dev (apps/worker-server), when the app is there and --no-workers is not given.
if (existsSync(join(WORKER_APP, 'wrangler.jsonc')) && !process.argv.includes('--no-workers')) {
  const dev = await startWranglerDev({ cwd: WORKER_APP, timeoutMs: 90_000 })
  try {
    const target = await workersTarget(dev.url)
    report(await fuzzTarget(target, { seed, numRuns: n(2_000) }))
    await target.close()
  } finally {
    await dev.stop()
  }
}
const total = results.reduce((s, r) => s + r.runs, 0)
const failed = results.filter((r) => r.failed)
const peakMiB = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(
  `\n${total} cases in all, peak RSS ${peakMiB} MiB, ${failed.length} target(s) failed; ${guardCount()} unhandled rejections/exceptions (known bugs tolerated)`,
)
const seen = new Set(results.flatMap((r) => Object.keys(r.known)))
for (const bug of KNOWN_BUGS.filter((b) => seen.has(b.id))) console.log(`known bug ${bug.id}: ${bug.summary}`)
process.exit(failed.length > 0 ? 1 : 0)
