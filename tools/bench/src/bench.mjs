// edgemcp throughput benchmark. See USAGE in options.mjs and README.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { cpuChart } from './cpu-chart.mjs'
import { firstLine, measureContender } from './measure.mjs'
import { USAGE, parseOptions } from './options.mjs'
import { markdownTable, summarize } from './report.mjs'
import { SATURATED_PCT } from './saturation.mjs'
import { describeLoads, runRounds } from './rounds.mjs'
import { assertTaskset } from './runner.mjs'
import { BASELINE_ID, CONTENDERS, MINIMAL_BASELINE_ID } from './servers/index.mjs'
import { WORKLOADS } from './workloads.mjs'

/** @param {string} msg */
const log = (msg) => process.stderr.write(`${msg}\n`)

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env)
  if (opts.help) return void console.log(USAGE)
  if (opts.report !== undefined) return render(JSON.parse(readFileSync(opts.report, 'utf8')), opts.charts)
  assertTaskset()
  if (os.availableParallelism() < 2)
    log('warning: fewer than 2 cores: server and load generator will contend')
  const ceilings = [BASELINE_ID, MINIMAL_BASELINE_ID]
  const contenders = CONTENDERS.filter(
    (c) => ceilings.includes(c.id) || !opts.only || opts.only.includes(c.id),
  )
  const workloads = WORKLOADS.filter((w) => !opts.workloads || opts.workloads.includes(w.id))

  const start = Date.now()
  const { cells, loads } = await runRounds({
    contenders,
    workloads,
    rounds: opts.rounds,
    measure: (c, w) => measureContender(c, w, opts),
    log,
  })

  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown cpu',
    cores: os.availableParallelism(),
    durationS: opts.duration,
    warmupS: opts.warmup,
    connections: opts.connections,
    rounds: opts.rounds,
    serverCpu: opts.serverCpu,
    loadCpu: opts.loadCpu,
    loader: opts.loader,
    elapsedS: Math.round((Date.now() - start) / 1000),
    load: describeLoads(loads),
  }
  const results = {
    meta,
    workloads: workloads.map((w) => ({
      id: w.id,
      title: w.title,
      rows: summarize(
        contenders.map((c) => /** @type {import('./report.mjs').Cell} */ (cells.get(`${w.id}/${c.id}`))),
        BASELINE_ID,
        MINIMAL_BASELINE_ID,
      ),
    })),
  }
  if (opts.json !== undefined) {
    writeFileSync(opts.json, `${JSON.stringify(results, null, 2)}\n`)
    log(`wrote ${opts.json}`)
  }
  render(results, opts.charts)
}

/**
 * Prints the tables of a run (as --json writes it, --report reads it back) and writes its charts.
 * @param {{ meta: Record<string, string | number>, workloads: Array<{ id: string, title: string, rows: import('./report.mjs').Row[] }> }} results
 * @param {string | undefined} chartsDir
 */
function render({ meta, workloads }, chartsDir) {
  console.log(
    `## edgemcp bench — ${meta.date}\n\nNode ${meta.node}, ${meta.cpu}; ${meta.loader ?? 'autocannon'} ${meta.connections} connections, ` +
      `${meta.durationS} s × ${meta.rounds} rounds (+${meta.warmupS} s warm-up); server on core ${meta.serverCpu}, ` +
      `load on core ${meta.loadCpu}; ${meta.load}, the bench's own two processes included. req/s, p50, p99 and ` +
      `the server's CPU time per request are means over rounds; RSS is the server's VmHWM; CPU ratios: lower is better; ` +
      `server / load CPU %: share of one core each used over the measured run (a ratio to a ceiling whose server ` +
      `stayed under ${SATURATED_PCT} % is refused: it was load-bound).\n`,
  )
  const names = { baseline: 'raw Hono', alt: 'minimal Hono' }
  for (const t of workloads) console.log(`${markdownTable(t.title, t.rows, names)}\n`)
  if (chartsDir === undefined) return
  mkdirSync(chartsDir, { recursive: true })
  for (const t of workloads) {
    const file = join(chartsDir, `node-${t.id}.svg`)
    writeFileSync(file, cpuChart(`Node: ${t.title}`, t.rows, { kindOf, altName: 'minimal' }))
    log(`wrote ${file}`)
  }
}

/** @param {string} id */
const kindOf = (id) => (id.startsWith('raw-') ? 'ceiling' : id.startsWith('edgemcp') ? 'ours' : 'peer')

main().catch((err) => {
  log(`bench: ${firstLine(err)}`)
  process.exitCode = 1
})
