// The chart of one workload's table: server CPU per request of each contender (log scale), with its ratio to
// the ceiling (of means, and paired round by round: see paired.mjs) and its req/s ratio written beside the bar.
import { barChart } from './charts.mjs'
import { formatSpread } from './paired.mjs'

/** @param {number} n @param {number} digits */
const num = (n, digits) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/**
 * @param {string} title
 * @param {import('./report.mjs').Row[]} rows
 * @param {object} how
 * @param {(id: string) => import('./charts.mjs').Bar['kind']} how.kindOf
 * @param {(row: import('./report.mjs').Row) => string} [how.labelOf]  the bar's label (default: the row's)
 * @param {string} [how.altName]  the second ceiling's name, when the rows have ratios to one
 */
export function cpuChart(title, rows, { kindOf, labelOf = (row) => row.contender, altName }) {
  const measured = rows.filter((r) => r.status !== 'n/a')
  const reference = rows.find((r) => r.cpuRatio === 1)?.cpuUs
  /** @param {number | undefined} ratio @param {import('./paired.mjs').Spread | undefined} paired */
  const cpuVs = (ratio, paired) =>
    `${ratio === undefined ? '–' : `${num(ratio, 2)}×`}${paired === undefined ? '' : `, paired ${formatSpread(paired)}`}`
  const refused = rows[0]?.refused
  return barChart({
    title,
    subtitle:
      'server CPU µs per request, log scale (shorter is better); % = share of its core the server used; ' +
      (refused === undefined
        ? '× = CPU vs the ceiling (ratio of means; paired: median of per-round ratios, min–max), req/s vs the ceiling'
        : 'no ratios: the ceiling was not server-bound'),
    ...(reference === undefined ? {} : { reference }),
    bars: measured.map((r) => ({
      label: labelOf(r),
      value: r.cpuUs,
      kind: kindOf(r.id),
      text:
        r.cpuUs === undefined
          ? `${r.status}${r.reason ? `: ${r.reason.slice(0, 60)}` : ''}`
          : [
              `${num(r.cpuUs, 1)} µs`,
              r.serverCpuPct === undefined ? '' : ` · ${num(r.serverCpuPct, 0)} %`,
              r.cpuRatio === undefined ? '' : ` · ${cpuVs(r.cpuRatio, r.pairedCpuRatio)}`,
              altName === undefined || r.altCpuRatio === undefined
                ? ''
                : ` · ${altName} ${cpuVs(r.altCpuRatio, r.altPairedCpuRatio)}`,
              r.ratio === undefined ? '' : ` · ${num(r.ratio, 2)}× req/s`,
            ].join(''),
    })),
  })
}
