/** Line edits between two texts: Myers' O(ND) algorithm on the lines between a common prefix and suffix. */
type Edit = { op: ' ' | '-' | '+'; line: string }

function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

function diffLines(a: string[], b: string[]): Edit[] {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const middle = myers(a.slice(start, endA), b.slice(start, endB))
  return [
    ...a.slice(0, start).map((line): Edit => ({ op: ' ', line })),
    ...middle,
    ...a.slice(endA).map((line): Edit => ({ op: ' ', line })),
  ]
}

function myers(a: string[], b: string[]): Edit[] {
  const n = a.length
  const m = b.length
  const max = n + m
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) break outer
    }
  }
  const edits: Edit[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!
    const k = x - y
    const prevK = k === -d || (k !== d && vd[offset + k - 1]! < vd[offset + k + 1]!) ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : vd[offset + prevK]!
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      edits.push({ op: ' ', line: a[--x]! })
      y--
    }
    if (d > 0) {
      if (x === prevX) edits.push({ op: '+', line: b[--y]! })
      else edits.push({ op: '-', line: a[--x]! })
    }
  }
  return edits.reverse()
}

/** A unified diff (3 lines of context) from `before` to `after`; '' when they are equal. */
export function unifiedDiff(
  before: string,
  after: string,
  beforeName: string,
  afterName: string,
  context = 3,
): string {
  if (before === after) return ''
  const edits = diffLines(splitLines(before), splitLines(after))
  const out = [`--- ${beforeName}`, `+++ ${afterName}`]
  const changed = edits.map((e, i) => (e.op === ' ' ? -1 : i)).filter((i) => i >= 0)
  let i = 0
  while (i < changed.length) {
    let first = changed[i]!
    let last = first
    while (i + 1 < changed.length && changed[i + 1]! - last <= 2 * context + 1) last = changed[++i]!
    i++
    first = Math.max(0, first - context)
    last = Math.min(edits.length - 1, last + context)
    let aStart = 0
    let bStart = 0
    for (let j = 0; j < first; j++) {
      if (edits[j]!.op !== '+') aStart++
      if (edits[j]!.op !== '-') bStart++
    }
    const hunk = edits.slice(first, last + 1)
    const aLen = hunk.filter((e) => e.op !== '+').length
    const bLen = hunk.filter((e) => e.op !== '-').length
    out.push(
      `@@ -${aLen === 0 ? aStart : aStart + 1},${aLen} +${bLen === 0 ? bStart : bStart + 1},${bLen} @@`,
    )
    for (const e of hunk) out.push(`${e.op}${e.line}`)
  }
  if (before !== '' && !before.endsWith('\n')) out.push('\\ No newline at end of file')
  return `${out.join('\n')}\n`
}
