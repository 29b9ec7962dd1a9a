// A ratio to a ceiling says something only when the ceiling's server was the bottleneck. When its server used
// less than its core, the load generator (or other work on the machine) set the ceiling's req/s, and a contender's ratio to
// it measures the load generator: docs/benchmarks.md's quiet run of 2026-12-02 put edgemcp at 0.96× a
// ceiling whose server used 83 % of a core. So ratios to a ceiling below SATURATED_PCT are refused, with why.

/** Least share of its core (%, mean over rounds) a ceiling's server must have used for ratios to it. */
export const SATURATED_PCT = 90

/**
 * Why no ratio to this ceiling can be given, or undefined when it was server-bound.
 * @param {{ contender: string, status: string, serverCpuPct?: number | undefined, loadCpuPct?: number | undefined } | undefined} ceiling
 * @returns {string | undefined}
 */
export function ratioRefusal(ceiling) {
  if (ceiling === undefined || ceiling.status !== 'ok') return undefined // no ratios are computed anyway
  const pct = ceiling.serverCpuPct
  if (pct === undefined)
    return `${ceiling.contender}: its server's CPU share was not measured, so it is not known to be server-bound`
  if (pct >= SATURATED_PCT) return undefined
  const load =
    ceiling.loadCpuPct === undefined ? '' : `, the load generator ${ceiling.loadCpuPct.toFixed(0)} %`
  return (
    `${ceiling.contender}: its server used ${pct.toFixed(0)} % of its core (< ${SATURATED_PCT} %${load}): ` +
    'not server-bound (the load generator, or other work on the machine, set its figures), so a ratio to it ' +
    'says nothing'
  )
}
