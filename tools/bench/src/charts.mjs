// Horizontal bar charts as standalone SVG, drawn from the bench's own results (no chart library): one bar per
// contender on a log scale, so a 20× peer and a 1.05× edgemcp are both readable, a dashed line at the ceiling,
// and the figure and its ratio written beside each bar.

/**
 * @typedef {object} Bar
 * @property {string} label
 * @property {number | undefined} value  undefined: drawn as a note instead of a bar
 * @property {string} text  written after the bar (value, ratio) or instead of it
 * @property {'ceiling' | 'ours' | 'peer'} kind
 */

const COLORS = { ceiling: '#9aa0a6', ours: '#1a73e8', peer: '#f29900' }
const ROW = 26
const BAR_W = 380
const PAD = 12

/** @param {string} s */
const esc = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * @param {object} chart
 * @param {string} chart.title
 * @param {string} chart.subtitle  the unit and what is better, e.g. "server CPU µs per request (log scale; shorter is better)"
 * @param {Bar[]} chart.bars
 * @param {number} [chart.reference]  the ceiling's value: a dashed line
 * @returns {string} SVG document
 */
export function barChart({ title, subtitle, bars, reference }) {
  // label column as wide as the longest label (at most 8 px a character at 13 px)
  const LABEL_W = Math.max(160, 24 + 8 * Math.max(...bars.map((b) => b.label.length)))
  // the text column as wide as the longest figure (about 7 px a character) and the subtitle
  const TEXT_W = Math.max(
    330,
    12 + 7 * Math.max(...bars.map((b) => b.text.length)),
    7 * subtitle.length - LABEL_W - BAR_W,
  )
  const values = bars.flatMap((b) => (b.value !== undefined && b.value > 0 ? [b.value] : []))
  const lo = 10 ** Math.floor(Math.log10(Math.min(...values, reference ?? Infinity) || 1))
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...values, reference ?? 0) || 10))
  const span = Math.log10(hi / lo) || 1
  const x = (/** @type {number} */ v) => LABEL_W + (BAR_W * Math.log10(Math.max(v, lo) / lo)) / span
  const top = 58
  const height = top + bars.length * ROW + 34
  const width = LABEL_W + BAR_W + TEXT_W + PAD
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="13" role="img">`,
    `<title>${esc(title)}: ${esc(bars.map((b) => `${b.label} ${b.text}`).join('; '))}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${PAD}" y="22" font-size="15" font-weight="600" fill="#202124">${esc(title)}</text>`,
    `<text x="${PAD}" y="42" fill="#5f6368">${esc(subtitle)}</text>`,
  ]
  // grid lines at 1, 2 and 5 of each decade, labelled
  for (let decade = lo; decade < hi * 1.0001; decade *= 10) {
    for (const step of decade * 10 > hi * 1.0001 ? [1] : [1, 2, 5]) {
      const v = decade * step
      const gx = x(v).toFixed(1)
      const label = v >= 1 ? v.toLocaleString('en-US') : String(Number(v.toPrecision(1)))
      out.push(
        `<line x1="${gx}" y1="${top - 4}" x2="${gx}" y2="${top + bars.length * ROW}" stroke="#e8eaed"/>`,
      )
      out.push(
        `<text x="${gx}" y="${top + bars.length * ROW + 16}" text-anchor="middle" fill="#5f6368" font-size="11">${label}</text>`,
      )
    }
  }
  if (reference !== undefined && reference > 0) {
    const rx = x(reference).toFixed(1)
    out.push(
      `<line x1="${rx}" y1="${top - 6}" x2="${rx}" y2="${top + bars.length * ROW}" stroke="#5f6368" stroke-dasharray="4 3"/>`,
    )
  }
  bars.forEach((b, i) => {
    const y = top + i * ROW
    const mid = y + ROW / 2 + 4
    out.push(`<text x="${LABEL_W - 8}" y="${mid}" text-anchor="end" fill="#202124">${esc(b.label)}</text>`)
    if (b.value === undefined || b.value <= 0) {
      out.push(`<text x="${LABEL_W + 4}" y="${mid}" fill="#80868b" font-style="italic">${esc(b.text)}</text>`)
      return
    }
    const w = Math.max(2, x(b.value) - LABEL_W)
    out.push(
      `<rect x="${LABEL_W}" y="${y + 5}" width="${w.toFixed(1)}" height="${ROW - 10}" rx="2" fill="${COLORS[b.kind]}"/>`,
    )
    // a white halo keeps the figures readable where the reference line crosses them
    out.push(
      `<text x="${(LABEL_W + w + 6).toFixed(1)}" y="${mid}" fill="#202124" stroke="#ffffff" stroke-width="4" paint-order="stroke">${esc(b.text)}</text>`,
    )
  })
  out.push('</svg>', '')
  return out.join('\n')
}
