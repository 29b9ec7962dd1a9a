// `npm run bench:workers`: the contenders as Workers in workerd itself (no wrangler dev proxy, no Miniflare), CPU
// time per request from /proc of the workerd process, and cold starts. See README.md and options.mjs.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { barChart } from '../charts.mjs'
import { cpuChart } from '../cpu-chart.mjs'
import { firstLine, measureRunning } from '../measure.mjs'
import { USAGE, parseOptions } from '../options.mjs'
import { formatSpread } from '../paired.mjs'
import { markdownTable, paired, summarize } from '../report.mjs'
import { describeLoads, loadAverage, runRounds } from '../rounds.mjs'
import { assertTaskset } from '../runner.mjs'
import { WORKLOADS } from '../workloads.mjs'
import { bundleWorker } from './build.mjs'
import { coldMarkdown, coldStart, summarizeCold } from './cold-start.mjs'
import {
  coldCases,
  EMPTY_WORKER,
  SESSION_CEILING_ID,
  WORKER_BASELINE_ID,
  WORKER_CONTENDERS,
} from './contenders.mjs'
import { startWorkerd, WORKERD } from './workerd.mjs'

/** @param {string} msg */
const log = (msg) => process.stderr.write(`${msg}\n`)

/** Text bindings every Worker gets besides TOOLSET and MODE (edgemcp's MRTR secret). */
const VARS = {
  MCP_MRTR_SECRET: 'bench-mrtr-secret-0123456789abcdef',
}
/** Issue 18 sets the session goal against McpAgent (≥ 5× less CPU per request). */
const SESSION_PEER_ID = 'agents-mcp-agent'

/** @param {string} id */
const kindOf = (id) => (id.startsWith('raw-') ? 'ceiling' : id.startsWith('edgemcp') ? 'ours' : 'peer')
/** The short label of a contender id (cold-start ids are `${id}/${mode}`). @param {string} id */
const shortOf = (id) => WORKER_CONTENDERS.find((c) => c.id === id.split('/')[0])?.short ?? id

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env)
  if (opts.help) return void console.log(USAGE.replace('npm run bench', 'npm run bench:workers'))
  if (opts.report !== undefined) return render(JSON.parse(readFileSync(opts.report, 'utf8')), opts.charts)
  assertTaskset()
  const ceilings = [WORKER_BASELINE_ID, SESSION_CEILING_ID]
  const picked = WORKER_CONTENDERS.filter(
    (c) => ceilings.includes(c.id) || !opts.only || opts.only.includes(c.id),
  )
  // A contender's own cold-start ceiling comes along with it; a cold-only one serves no load workload.
  const loaded = picked.filter((c) => !c.coldOnly)
  const coldCeilings = new Set(loaded.flatMap((c) => (c.coldCeiling === undefined ? [] : [c.coldCeiling])))
  const contenders = WORKER_CONTENDERS.filter(
    (c) => loaded.includes(c) || (opts.cold > 0 && coldCeilings.has(c.id)),
  )
  const workloads = WORKLOADS.filter((w) => !opts.workloads || opts.workloads.includes(w.id))
  const start = Date.now()

  /** @type {Map<string, { code: string, bytes: number, gzipBytes: number } | { error: string }>} */
  const bundles = new Map()
  for (const c of [EMPTY_WORKER, ...contenders]) {
    const bundle = await bundleWorker(c).catch((err) => ({ error: `bundle failed: ${firstLine(err)}` }))
    bundles.set(c.id, bundle)
    log(
      'error' in bundle
        ? `${c.id}: ${bundle.error}`
        : `${c.id}: ${(bundle.bytes / 1024).toFixed(1)} KiB minified`,
    )
  }

  /** @type {Awaited<ReturnType<typeof runRounds>>} */
  let result = { cells: new Map(), loads: [] }
  if (opts.load) {
    result = await runRounds({
      contenders: loaded,
      workloads,
      rounds: opts.rounds,
      log,
      measure: async (c, w) => {
        const bundle = bundles.get(c.id)
        if (bundle === undefined || 'error' in bundle) return { skipped: bundle?.error ?? 'no bundle' }
        const vars = { ...VARS, TOOLSET: w.toolset, MODE: w.mode }
        const proc = await startWorkerd({ contender: c, code: bundle.code, vars, cpu: opts.serverCpu }).catch(
          (err) => ({ error: firstLine(err) }),
        )
        if ('error' in proc) return { failed: proc.error }
        return measureRunning(proc, c.version, w, opts)
      },
    })
  }

  const cold = opts.cold > 0 ? await coldStarts(contenders, bundles, opts) : undefined

  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    workerd: workerdVersion(),
    cpu: os.cpus()[0]?.model ?? 'unknown cpu',
    cores: os.availableParallelism(),
    durationS: opts.duration,
    warmupS: opts.warmup,
    connections: opts.connections,
    rounds: opts.rounds,
    coldStarts: opts.cold,
    serverCpu: opts.serverCpu,
    loadCpu: opts.loadCpu,
    loader: opts.loader,
    elapsedS: Math.round((Date.now() - start) / 1000),
    load: describeLoads([...result.loads, ...(cold?.loads ?? [])]),
  }
  /** @type {Results} */
  const results = {
    meta,
    workloads: (opts.load ? workloads : []).map((w) => ({
      id: w.id,
      title: w.title,
      rows: summarize(
        loaded.map((c) => /** @type {import('../report.mjs').Cell} */ (result.cells.get(`${w.id}/${c.id}`))),
        WORKER_BASELINE_ID,
        w.mode === 'session' ? SESSION_CEILING_ID : undefined,
      ),
    })),
    coldStart: cold?.rows ?? [],
    emptyTotalMs: cold?.emptyTotal,
  }
  if (opts.json !== undefined) {
    writeFileSync(opts.json, `${JSON.stringify(results, null, 2)}\n`)
    log(`wrote ${opts.json}`)
  }
  render(results, opts.charts)
}

/**
 * What a run found, as --json writes it and --report reads it back.
 * @typedef {object} Results
 * @property {Record<string, string | number>} meta
 * @property {Array<{ id: string, title: string, rows: import('../report.mjs').Row[] }>} workloads
 * @property {import('./cold-start.mjs').ColdRow[]} coldStart
 * @property {import('./cold-start.mjs').Spread | undefined} [emptyTotalMs]
 */

/**
 * Prints the tables of a run and, given a directory, writes its charts there.
 * @param {Results} results
 * @param {string | undefined} chartsDir
 */
function render({ meta, workloads, coldStart, emptyTotalMs }, chartsDir) {
  console.log(
    `## edgemcp workerd bench — ${meta.date}\n\nworkerd ${meta.workerd} (no wrangler, no Miniflare), ` +
      `each contender its own Worker in its own workerd process pinned to core ${meta.serverCpu}; ${meta.loader ?? 'autocannon'} ` +
      `${meta.connections} connections on core ${meta.loadCpu}, ${meta.durationS} s × ${meta.rounds} rounds ` +
      `(+${meta.warmupS} s warm-up), rounds alternating the order; ${meta.load}, the bench's own processes ` +
      `included. Server CPU = workerd's user + system time per answered request (/proc/<pid>/stat); CPU ratios: ` +
      `lower is better. Node ${meta.node}, ${meta.cpu}.\n`,
  )
  const names = { baseline: 'raw Hono', alt: 'raw Hono + DO' }
  for (const t of workloads) {
    console.log(`${markdownTable(`workerd: ${t.title}`, t.rows, names)}\n`)
    const versus = t.id === 'b' ? versusPeer(t.rows, SESSION_PEER_ID) : undefined
    if (versus !== undefined) console.log(`${versus}\n`)
  }
  if (coldStart.length > 0) console.log(`${coldMarkdown(coldStart, emptyTotalMs)}\n`)
  if (chartsDir === undefined) return
  mkdirSync(chartsDir, { recursive: true })
  /** @type {Array<[string, string]>} */
  const files = workloads.map((t) => [
    `workers-${t.id}.svg`,
    cpuChart(`workerd: ${t.title}`, t.rows, {
      kindOf,
      labelOf: (row) => shortOf(row.id),
      altName: 'DO ceiling',
    }),
  ])
  if (coldStart.length > 0) files.push(['workers-cold-start.svg', coldChart(coldStart)])
  for (const [name, svg] of files) {
    writeFileSync(join(chartsDir, name), svg)
    log(`wrote ${join(chartsDir, name)}`)
  }
}

/**
 * How many times a peer's CPU per request each of our contenders spends less: paired round by round (median,
 * min–max: see paired.mjs) and as a ratio of means. Undefined when the peer has no figures.
 * @param {import('../report.mjs').Row[]} rows
 * @param {string} peerId
 */
function versusPeer(rows, peerId) {
  const peer = rows.find((r) => r.id === peerId)
  if (peer?.cpuUs === undefined) return undefined
  const lines = rows
    .filter((r) => kindOf(r.id) === 'ours' && r.cpuUs !== undefined)
    .map((ours) => {
      const means = ((peer.cpuUs ?? 0) / (ours.cpuUs ?? 1)).toFixed(2)
      const pairedRatio = formatSpread(paired(peer, ours, 'cpuUsPerRound'))
      return `- ${ours.contender}: ${pairedRatio} paired per round (median, min–max), ${means}× ratio of means`
    })
  const title = `${shortOf(peerId)}: its CPU per request over ours (higher is better for us)`
  return [title, '', ...lines].join('\n')
}

/**
 * Cold starts of every contender (stateless where it serves it, else a session; Durable Object contenders also
 * a session), `opts.cold` rounds alternating the order, each round with the empty Worker.
 * @param {import('./contenders.mjs').WorkerContender[]} contenders
 * @param {Map<string, { code: string, bytes: number, gzipBytes: number } | { error: string }>} bundles
 * @param {import('../options.mjs').Options} opts
 */
async function coldStarts(contenders, bundles, opts) {
  const cases = coldCases(contenders)
  const empty = EMPTY_WORKER
  const emptyBundle = /** @type {{ code: string }} */ (bundles.get(empty.id))
  const sample = (
    /** @type {import('./contenders.mjs').WorkerContender} */ contender,
    /** @type {string} */ code,
    /** @type {import('../servers/contract.mjs').Mode} */ mode,
  ) => coldStart({ contender, code, mode, cpu: opts.serverCpu, vars: VARS })
  await sample(empty, emptyBundle.code, 'stateless') // warms this process's fetch; not counted
  /** @type {Map<string, Array<import('./cold-start.mjs').ColdSample | undefined>>} */
  const samples = new Map(cases.map((k) => [k.id, []]))
  /** @type {Map<string, string>} */
  const errors = new Map()
  /** @type {Array<import('./cold-start.mjs').ColdSample | undefined>} */
  const emptySamples = []
  /** @type {number[]} */
  const loads = []
  for (let round = 0; round < opts.cold; round++) {
    loads.push(loadAverage())
    log(`cold start ${round + 1}/${opts.cold} · load average ${loads.at(-1)?.toFixed(2)}`)
    const order = round % 2 === 0 ? cases : [...cases].reverse()
    emptySamples[round] = await sample(empty, emptyBundle.code, 'stateless').catch(() => undefined)
    for (const k of order) {
      const bundle = bundles.get(k.contender.id)
      const list = /** @type {Array<import('./cold-start.mjs').ColdSample | undefined>} */ (samples.get(k.id))
      if (
        bundle === undefined ||
        'error' in bundle ||
        (errors.has(k.id) && list.every((s) => s === undefined))
      ) {
        list[round] = undefined
        continue
      }
      list[round] = await sample(k.contender, bundle.code, k.mode).catch((err) => {
        errors.set(k.id, firstLine(err))
        log(`  ${k.id}: ${firstLine(err)}`)
        return undefined
      })
    }
  }
  const rows = summarizeCold(
    cases.map((k) => {
      const bundle = bundles.get(k.contender.id)
      const ok = bundle !== undefined && !('error' in bundle)
      const error = errors.get(k.id) ?? (ok ? undefined : bundle?.error)
      return {
        id: k.id,
        label: k.label,
        mode: k.mode,
        ceilingId: k.ceilingId,
        bundleBytes: ok ? bundle.bytes : 0,
        gzipBytes: ok ? bundle.gzipBytes : 0,
        samples: samples.get(k.id) ?? [],
        ...(error === undefined ? {} : { error }),
      }
    }),
    emptySamples,
  )
  const emptyRow = summarizeCold(
    [{ id: 'empty', label: 'empty', mode: 'stateless', bundleBytes: 0, gzipBytes: 0, samples: emptySamples }],
    emptySamples,
  )[0]
  return { rows, emptyTotal: emptyRow?.totalMs, loads }
}

/** @param {import('./cold-start.mjs').ColdRow[]} rows */
function coldChart(rows) {
  /** @param {number} n */
  const n1 = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })
  const reference = rows.find((r) => r.id === `${WORKER_BASELINE_ID}/stateless`)?.cpuAboveEmptyMs?.median
  return barChart({
    title: 'workerd cold start: new process to the first answered tools/call',
    subtitle:
      'workerd CPU ms above an empty Worker (median), log scale (shorter is better); × = vs the ceiling; wall time',
    ...(reference === undefined ? {} : { reference }),
    bars: rows.map((r) => ({
      label: `${shortOf(r.id)}${r.mode === 'session' ? ', session' : ''}`,
      value: r.cpuAboveEmptyMs?.median,
      kind: kindOf(r.id),
      text:
        r.cpuAboveEmptyMs === undefined
          ? `failed: ${(r.error ?? '').slice(0, 60)}`
          : `${n1(r.cpuAboveEmptyMs.median)} ms · ${r.aboveEmptyRatio === undefined ? '–' : `${r.aboveEmptyRatio.toFixed(2)}×`} · ${n1(r.totalMs?.median ?? 0)} ms wall`,
    })),
  })
}

/** workerd's version line. */
function workerdVersion() {
  return execFileSync(WORKERD, ['--version'], { encoding: 'utf8' })
    .trim()
    .replace(/^workerd /, '')
}

main().catch((err) => {
  log(`bench:workers: ${firstLine(err)}`)
  process.exitCode = 1
})
