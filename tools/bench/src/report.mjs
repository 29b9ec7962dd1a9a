// Turns per-round measurements into table rows and markdown.
import { formatSpread, pairedSpread } from './paired.mjs'
import { ratioRefusal } from './saturation.mjs'

/**
 * @typedef {object} RoundResult
 * @property {number} rps
 * @property {number} p50
 * @property {number} p99
 * @property {number} rssKiB
 * @property {number} bad  non-2xx + errors + timeouts under load
 * @property {number | undefined} [cpuUs]  server CPU time per response, µs
 * @property {number | undefined} [serverCpuPct]  the server's CPU time over the run's wall time, % of one core
 * @property {number | undefined} [loadCpuPct]  the load generator's, % of one core
 * @property {number} [round]  which pass of the alternating order measured it (1-based)
 */
/**
 * @typedef {object} Cell  one contender × workload across rounds
 * @property {string} contender  label
 * @property {string} id
 * @property {'ok' | 'n/a' | 'skipped' | 'failed'} status
 * @property {string} [reason]
 * @property {RoundResult[]} rounds
 * @property {string[]} [failures]  rounds that failed and are left out ("round 2: …"), when others measured
 */
/**
 * @typedef {object} Row
 * @property {string} contender
 * @property {string} id
 * @property {Cell['status']} status
 * @property {string | undefined} reason
 * @property {number | undefined} rps  mean over rounds
 * @property {number | undefined} p50  mean over rounds, ms
 * @property {number | undefined} p99  mean over rounds, ms
 * @property {number | undefined} peakRssMiB  max over rounds
 * @property {number | undefined} cpuUs  server CPU µs per response, mean over rounds
 * @property {number | undefined} [serverCpuPct]  % of its core the server used, mean over rounds
 * @property {number | undefined} [loadCpuPct]  % of its core the load generator used, mean over rounds
 * @property {string | undefined} [refused]  why no ratio to the ceiling is given (see saturation.mjs)
 * @property {string | undefined} [altRefused]  the same for the second ceiling
 * @property {number | undefined} ratio  rps / baseline rps
 * @property {number | undefined} cpuRatio  cpuUs / baseline cpuUs (lower is better)
 * @property {number | undefined} altRatio  rps / second baseline's rps
 * @property {number | undefined} altCpuRatio  cpuUs / second baseline's cpuUs
 * @property {import('./paired.mjs').Spread | undefined} pairedRatio  rps / baseline rps per round: median, min–max
 * @property {import('./paired.mjs').Spread | undefined} pairedCpuRatio  cpuUs / baseline cpuUs per round
 * @property {import('./paired.mjs').Spread | undefined} altPairedRatio  the same against the second baseline
 * @property {import('./paired.mjs').Spread | undefined} altPairedCpuRatio
 * @property {number[]} rounds  the round number of each figure below (see paired.mjs)
 * @property {number[]} rpsPerRound
 * @property {Array<number | undefined>} cpuUsPerRound
 * @property {string[]} [failures]  rounds left out of the figures above (see Cell)
 */

/** @param {number[]} xs */
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length

/**
 * The mean of a per-round figure, undefined when a round lacks it (runs saved before it was measured).
 * @param {boolean} has @param {RoundResult[]} r @param {'serverCpuPct' | 'loadCpuPct'} key
 */
const meanOf = (has, r, key) =>
  has && r.every((x) => x[key] !== undefined) ? mean(r.map((x) => x[key] ?? 0)) : undefined

/**
 * The median of one figure's per-round ratios of a row to a ceiling's row (see paired.mjs). Rows of a run saved
 * before per-round figures were kept (`--report old.json`) have none: undefined.
 * @param {Pick<Row, 'rounds' | 'rpsPerRound' | 'cpuUsPerRound'>} row
 * @param {Pick<Row, 'rounds' | 'rpsPerRound' | 'cpuUsPerRound'> | undefined} ceiling
 * @param {'rpsPerRound' | 'cpuUsPerRound'} figure
 */
export function paired(row, ceiling, figure) {
  if (ceiling === undefined || ceiling.rounds === undefined || row.rounds === undefined) return undefined
  return pairedSpread(
    { rounds: row.rounds, values: row[figure] ?? [] },
    { rounds: ceiling.rounds, values: ceiling[figure] ?? [] },
  )
}

/**
 * @param {Cell[]} cells  one workload's cells
 * @param {string} baselineId
 * @param {string} [altBaselineId]  a second ceiling (e.g. the minimal hard-wired one) for the alt* ratios
 * @returns {Row[]}
 */
export function summarize(cells, baselineId, altBaselineId) {
  const rows = cells.map((cell) => {
    const has = cell.status === 'ok' && cell.rounds.length > 0
    const r = cell.rounds
    /** @type {Row} */
    const row = {
      contender: cell.contender,
      id: cell.id,
      status: cell.status,
      reason: cell.reason,
      rps: has ? mean(r.map((x) => x.rps)) : undefined,
      p50: has ? mean(r.map((x) => x.p50)) : undefined,
      p99: has ? mean(r.map((x) => x.p99)) : undefined,
      peakRssMiB: has ? Math.max(...r.map((x) => x.rssKiB)) / 1024 : undefined,
      cpuUs: has && r.every((x) => x.cpuUs !== undefined) ? mean(r.map((x) => x.cpuUs ?? 0)) : undefined,
      serverCpuPct: meanOf(has, r, 'serverCpuPct'),
      loadCpuPct: meanOf(has, r, 'loadCpuPct'),
      ratio: undefined,
      cpuRatio: undefined,
      altRatio: undefined,
      altCpuRatio: undefined,
      pairedRatio: undefined,
      pairedCpuRatio: undefined,
      altPairedRatio: undefined,
      altPairedCpuRatio: undefined,
      rounds: has ? r.map((x, i) => x.round ?? i + 1) : [],
      rpsPerRound: has ? r.map((x) => x.rps) : [],
      cpuUsPerRound: has ? r.map((x) => x.cpuUs) : [],
    }
    if (has && cell.failures !== undefined) row.failures = cell.failures
    return row
  })
  const measuredBase = rows.find((row) => row.id === baselineId)
  const measuredAlt = altBaselineId === undefined ? undefined : rows.find((row) => row.id === altBaselineId)
  // A load-bound ceiling gives no ratios at all (saturation.mjs): the rows say why instead.
  const refused = ratioRefusal(measuredBase)
  const altRefused = ratioRefusal(measuredAlt)
  const base = refused === undefined ? measuredBase : undefined
  const alt = altRefused === undefined ? measuredAlt : undefined
  /** @param {number | undefined} a @param {number | undefined} b */
  const div = (a, b) => (a === undefined || !b ? undefined : a / b)
  for (const row of rows) {
    row.ratio = div(row.rps, base?.rps)
    row.cpuRatio = div(row.cpuUs, base?.cpuUs)
    row.altRatio = div(row.rps, alt?.rps)
    row.altCpuRatio = div(row.cpuUs, alt?.cpuUs)
    row.pairedRatio = paired(row, base, 'rpsPerRound')
    row.pairedCpuRatio = paired(row, base, 'cpuUsPerRound')
    row.altPairedRatio = paired(row, alt, 'rpsPerRound')
    row.altPairedCpuRatio = paired(row, alt, 'cpuUsPerRound')
    if (refused !== undefined) row.refused = refused
    if (altRefused !== undefined) row.altRefused = altRefused
  }
  return rows
}

/** @param {number | undefined} n @param {number} digits */
const fmt = (n, digits) =>
  n === undefined
    ? '–'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/** @param {number | undefined} p */
const pct = (p) => (p === undefined ? '–' : `${fmt(p, 0)} %`)

/** @param {number | undefined} r */
const times = (r) => (r === undefined ? '–' : `${fmt(r, 2)}×`)

/**
 * The table of one workload: means over rounds, their ratios to the ceiling(s), and beside them the "paired"
 * ratios: the median of the per-round ratios to the ceiling's same round, with their min–max (paired.mjs).
 * @param {string} title
 * @param {Row[]} rows
 * @param {{ baseline?: string, alt?: string }} [names]  how the ceilings are called in column headers; the alt
 *   columns appear only when some row has an alt ratio
 */
export function markdownTable(title, rows, { baseline = 'raw Hono', alt = 'alt' } = {}) {
  const withAlt = rows.some((row) => row.altRatio !== undefined || row.altCpuRatio !== undefined)
  const head = [
    'contender',
    'req/s',
    'p50 ms',
    'p99 ms',
    'peak RSS MiB',
    'server CPU µs/req',
    'server CPU %',
    'load CPU %',
  ]
  /** @param {string} ceiling */
  const ratios = (ceiling) => [
    `req/s vs ${ceiling}`,
    `CPU vs ${ceiling}`,
    `req/s vs ${ceiling}, paired`,
    `CPU vs ${ceiling}, paired`,
  ]
  head.push(...ratios(baseline))
  if (withAlt) head.push(...ratios(alt))
  const lines = [`### ${title}`, '', `| ${head.join(' | ')} |`, `| --- |${' ---: |'.repeat(head.length - 1)}`]
  for (const row of rows) {
    const reason = (row.reason ?? '').replaceAll('|', '\\|')
    const rps = row.status === 'ok' ? fmt(row.rps, 0) : `${row.status}${reason ? `: ${reason}` : ''}`
    const cells = [
      row.failures === undefined ? row.contender : `${row.contender} †`,
      rps,
      fmt(row.p50, 2),
      fmt(row.p99, 2),
      fmt(row.peakRssMiB, 1),
      fmt(row.cpuUs, 1),
      pct(row.serverCpuPct),
      pct(row.loadCpuPct),
    ]
    cells.push(
      times(row.ratio),
      times(row.cpuRatio),
      formatSpread(row.pairedRatio),
      formatSpread(row.pairedCpuRatio),
    )
    if (withAlt)
      cells.push(
        times(row.altRatio),
        times(row.altCpuRatio),
        formatSpread(row.altPairedRatio),
        formatSpread(row.altPairedCpuRatio),
      )
    lines.push(`| ${cells.join(' | ')} |`)
  }
  const refusals = [
    [baseline, rows[0]?.refused],
    [alt, rows[0]?.altRefused],
  ].filter(([, why]) => why !== undefined)
  const partial = rows.filter((row) => row.failures !== undefined)
  if (partial.length > 0 || refusals.length > 0) lines.push('')
  for (const [name, why] of refusals) lines.push(`Ratios to ${name} refused: ${why}.`)
  for (const row of partial)
    lines.push(
      `† ${row.contender}: figures of ${row.rounds.length} round(s); left out: ${(row.failures ?? []).join('; ')}`,
    )
  return lines.join('\n')
}
