// Ratios paired round by round. This host's speed is bimodal (the same Worker costs ~85 or ~135 µs per request
// from one 10 s round to the next), so a ratio of means over rounds mixes the modes: a contender that happened
// to run in the slow mode more often than the ceiling looks worse than it is. Each round of the alternating
// order measures every contender once, the ceiling first or last in it (next to the contender's own
// measurement as the order reverses), so a contender's round is divided by the ceiling's SAME round and the
// median of those per-round ratios, with their min–max, is reported beside the ratio of means.

/**
 * @typedef {object} Spread
 * @property {number} median
 * @property {number} min
 * @property {number} max
 * @property {number} n  how many paired rounds
 */

/**
 * One figure of a contender per round it was measured in.
 * @typedef {object} PerRound
 * @property {number[]} rounds  round numbers (1-based, the pass of the alternating order)
 * @property {Array<number | undefined>} values  the figure in each of those rounds
 */

/**
 * The per-round ratios `a / b` over the rounds both were measured in (a round missing on either side, or a
 * figure of 0 or undefined, is left out).
 * @param {PerRound} a
 * @param {PerRound} b  the ceiling
 * @returns {number[]}  in round order
 */
export function pairedRatios(a, b) {
  /** @type {Map<number, number | undefined>} */
  const byRound = new Map(b.rounds.map((round, i) => [round, b.values[i]]))
  /** @type {number[]} */
  const ratios = []
  a.rounds.forEach((round, i) => {
    const x = a.values[i]
    const y = byRound.get(round)
    if (x !== undefined && y !== undefined && y !== 0) ratios.push(x / y)
  })
  return ratios
}

/**
 * Median (the mean of the middle two for an even count), min and max; undefined for no values.
 * @param {number[]} xs
 * @returns {Spread | undefined}
 */
export function spreadOf(xs) {
  if (xs.length === 0) return undefined
  const sorted = [...xs].sort((x, y) => x - y)
  /** @param {number} i */
  const at = (i) => sorted[i] ?? Number.NaN
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2
  return { median, min: at(0), max: at(sorted.length - 1), n: sorted.length }
}

/**
 * The median of the per-round ratios of `a` to `b`, with their spread.
 * @param {PerRound} a
 * @param {PerRound} b
 */
export const pairedSpread = (a, b) => spreadOf(pairedRatios(a, b))

/** @param {number} n */
const x2 = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })

/**
 * `1.21× (1.10–1.35)`, or `–`; a single pair has no spread to show.
 * @param {Spread | undefined} s
 */
export function formatSpread(s) {
  if (s === undefined) return '–'
  return s.n === 1 ? `${x2(s.median)}×` : `${x2(s.median)}× (${x2(s.min)}–${x2(s.max)})`
}
