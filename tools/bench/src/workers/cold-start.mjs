// Cold starts in workerd: a new workerd process per sample (a fresh isolate that has never run the script), timed
// from spawn to the socket listening (workerd parses, compiles and runs the script's top level before it listens)
// and on to the first correct tools/call answer (for a session: initialize, initialized, then tools/call). Also
// the workerd process's CPU time over the same span, at nanosecond resolution (schedstat), which a shared machine
// disturbs less than wall time. An empty Worker, measured in every round, is what workerd costs by itself.
import { buildLoadRequest, checkAnswer, openSession, sendOnce } from '../mcp-client.mjs'
import { TOOL_COUNT } from '../servers/tools.mjs'
import { workloadById } from '../workloads.mjs'
import { cpuTimeNsUs, startWorkerd } from './workerd.mjs'

/**
 * @typedef {object} ColdSample
 * @property {number} listenMs  spawn → listening
 * @property {number} firstMs  listening → first tools/call answered
 * @property {number} totalMs  spawn → first tools/call answered
 * @property {number} cpuListenMs  workerd CPU time until listening
 * @property {number} cpuTotalMs  workerd CPU time until the answer
 */

/**
 * One cold start.
 * @param {object} options
 * @param {import('./contenders.mjs').WorkerContender} options.contender
 * @param {string} options.code
 * @param {import('../servers/contract.mjs').Mode} options.mode
 * @param {number} options.cpu
 * @param {Record<string, string>} options.vars
 * @returns {Promise<ColdSample>}
 */
export async function coldStart({ contender, code, mode, cpu, vars }) {
  const proc = await startWorkerd({ contender, code, vars: { ...vars, TOOLSET: 'echo', MODE: mode }, cpu })
  try {
    const cpuListenMs = cpuTimeNsUs(proc.pid) / 1000
    const begun = performance.now()
    const url = `http://127.0.0.1:${proc.port}/mcp`
    const workload = workloadById(mode === 'session' ? 'b' : 'a')
    const text = 'cold'
    const peer = mode === 'session' ? await openSession(url) : { version: contender.version }
    const req = buildLoadRequest(workload, peer, text)
    const msg = await sendOnce(url, req, 'first')
    const firstMs = performance.now() - begun
    const cpuTotalMs = cpuTimeNsUs(proc.pid) / 1000
    if (contender.entry !== 'empty.mjs') checkAnswer(workload, msg, text, TOOL_COUNT)
    return { listenMs: proc.listenMs, firstMs, totalMs: proc.listenMs + firstMs, cpuListenMs, cpuTotalMs }
  } catch (err) {
    throw new Error(
      `${err instanceof Error ? err.message : err} [workerd: ${proc.stderr().trim().slice(-300)}]`,
    )
  } finally {
    await proc.stop()
  }
}

/**
 * @typedef {object} Spread  median and the 10th–90th percentile range
 * @property {number} median
 * @property {number} p10
 * @property {number} p90
 */

/** @param {number[]} xs @returns {Spread} */
export function spread(xs) {
  const s = [...xs].sort((a, b) => a - b)
  const at = (/** @type {number} */ q) => {
    const i = (s.length - 1) * q
    const lo = Math.floor(i)
    const a = s[lo] ?? Number.NaN
    const b = s[Math.min(lo + 1, s.length - 1)] ?? a
    return a + (b - a) * (i - lo)
  }
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) }
}

/**
 * @typedef {object} ColdRow
 * @property {string} id  contender id + mode
 * @property {string} label
 * @property {string} mode
 * @property {string | undefined} ceilingId  the row this one is compared with
 * @property {number} bundleBytes
 * @property {number} gzipBytes
 * @property {number} samples
 * @property {string | undefined} error
 * @property {Spread | undefined} listenMs
 * @property {Spread | undefined} scriptMs  listening time above the empty Worker's in the same round
 * @property {Spread | undefined} scriptCpuMs  workerd CPU until listening above the empty Worker's, same round:
 *   the script's parse, compile and top-level run
 * @property {Spread | undefined} firstMs
 * @property {Spread | undefined} totalMs
 * @property {Spread | undefined} cpuTotalMs
 * @property {Spread | undefined} cpuAboveEmptyMs  CPU to the first answer above the empty Worker's, same round
 * @property {number | undefined} totalRatio  median totalMs / the ceiling's
 * @property {number | undefined} cpuRatio  median cpuTotalMs / the ceiling's
 * @property {number | undefined} aboveEmptyRatio  median cpuAboveEmptyMs / the ceiling's
 */

/**
 * @param {Array<{ id: string, label: string, mode: string, ceilingId?: string, bundleBytes: number, gzipBytes: number, samples: Array<ColdSample | undefined>, error?: string }>} cases
 *   samples[i] belongs to round i; undefined where that round failed
 * @param {Array<ColdSample | undefined>} empty  the empty Worker's sample of each round
 * @returns {ColdRow[]}
 */
export function summarizeCold(cases, empty) {
  const rows = cases.map((c) => {
    const ok = c.samples.flatMap((s, i) => (s === undefined ? [] : [{ s, e: empty[i] }]))
    const paired = ok.flatMap(({ s, e }) => (e === undefined ? [] : [{ s, e }]))
    const has = ok.length > 0
    /** @type {ColdRow} */
    const row = {
      id: c.id,
      label: c.label,
      mode: c.mode,
      ceilingId: c.ceilingId,
      bundleBytes: c.bundleBytes,
      gzipBytes: c.gzipBytes,
      samples: ok.length,
      error: c.error,
      listenMs: has ? spread(ok.map(({ s }) => s.listenMs)) : undefined,
      scriptMs: paired.length > 0 ? spread(paired.map(({ s, e }) => s.listenMs - e.listenMs)) : undefined,
      scriptCpuMs:
        paired.length > 0 ? spread(paired.map(({ s, e }) => s.cpuListenMs - e.cpuListenMs)) : undefined,
      firstMs: has ? spread(ok.map(({ s }) => s.firstMs)) : undefined,
      totalMs: has ? spread(ok.map(({ s }) => s.totalMs)) : undefined,
      cpuTotalMs: has ? spread(ok.map(({ s }) => s.cpuTotalMs)) : undefined,
      cpuAboveEmptyMs:
        paired.length > 0 ? spread(paired.map(({ s, e }) => s.cpuTotalMs - e.cpuTotalMs)) : undefined,
      totalRatio: undefined,
      cpuRatio: undefined,
      aboveEmptyRatio: undefined,
    }
    return row
  })
  /** @param {Spread | undefined} a @param {Spread | undefined} b */
  const div = (a, b) =>
    a === undefined || b === undefined || b.median <= 0 ? undefined : a.median / b.median
  for (const row of rows) {
    const base = rows.find((r) => r.id === row.ceilingId)
    row.totalRatio = div(row.totalMs, base?.totalMs)
    row.cpuRatio = div(row.cpuTotalMs, base?.cpuTotalMs)
    row.aboveEmptyRatio = div(row.cpuAboveEmptyMs, base?.cpuAboveEmptyMs)
  }
  return rows
}

/** @param {number | undefined} n @param {number} digits */
const fmt = (n, digits) =>
  n === undefined
    ? '–'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
/** @param {Spread | undefined} s */
const ms = (s) => (s === undefined ? '–' : `${fmt(s.median, 1)} (${fmt(s.p10, 1)}–${fmt(s.p90, 1)})`)
/** @param {number | undefined} r */
const times = (r) => (r === undefined ? '–' : `${fmt(r, 2)}×`)

/**
 * @param {ColdRow[]} rows
 * @param {import('./cold-start.mjs').Spread | undefined} emptyTotal  the empty Worker's spawn → answer
 */
export function coldMarkdown(rows, emptyTotal) {
  const lines = [
    `### Cold start: a new workerd process to the first answered tools/call (ms, median and 10th–90th percentile)`,
    '',
    `The empty Worker (workerd alone) took ${ms(emptyTotal)} ms from spawn to its first answer. "script CPU" is workerd's CPU time until it listens above the empty Worker's in the same round: the script's parse, compile and top-level run. "CPU above empty" is workerd's CPU time to the first answer above the empty Worker's (the script and the first request). Ratios are of medians, against the raw Hono Worker (stateless) or the raw Hono + Durable Object Worker (session).`,
    '',
    '| contender | mode | bundle KiB (gz) | spawn → listening | script CPU | listening → answer | spawn → answer | vs ceiling | workerd CPU | CPU above empty | vs ceiling |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const r of rows) {
    const size = `${fmt(r.bundleBytes / 1024, 1)} (${fmt(r.gzipBytes / 1024, 1)})`
    if (r.samples === 0) {
      lines.push(
        `| ${r.label} | ${r.mode} | ${size} | failed: ${(r.error ?? '').replaceAll('|', '\\|').slice(0, 200)} | | | | | | | |`,
      )
      continue
    }
    lines.push(
      `| ${r.label} | ${r.mode} | ${size} | ${ms(r.listenMs)} | ${ms(r.scriptCpuMs)} | ${ms(r.firstMs)} | ${ms(r.totalMs)} | ${times(r.totalRatio)} | ${ms(r.cpuTotalMs)} | ${ms(r.cpuAboveEmptyMs)} | ${times(r.aboveEmptyRatio)} |`,
    )
  }
  return lines.join('\n')
}
