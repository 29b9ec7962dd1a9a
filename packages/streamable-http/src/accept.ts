/** Content negotiation for the MCP endpoint: `Accept` and `Content-Type` (RFC 9110 §12.5.1, §8.3). */

interface MediaRange {
  type: string
  subtype: string
  q: number
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';')
    const [type, subtype] = range.trim().toLowerCase().split('/')
    if (!type || !subtype) continue
    let q = 1
    for (const p of params) {
      const [k, v] = p.split('=')
      if (k?.trim().toLowerCase() === 'q' && v !== undefined) {
        const n = Number(v.trim())
        if (Number.isFinite(n)) q = n
      }
    }
    ranges.push({ type, subtype, q })
  }
  return ranges
}

/** Parsed `Accept` headers: a client sends the same one with every request. Bounded, as headers are input. */
const parsed = new Map<string, MediaRange[]>()
const MAX_CACHED = 32

function rangesOf(header: string): MediaRange[] {
  let ranges = parsed.get(header)
  if (ranges === undefined) {
    ranges = parseAccept(header)
    if (parsed.size >= MAX_CACHED) parsed.clear()
    parsed.set(header, ranges)
  }
  return ranges
}

/** Whether an `Accept` header admits the media type (wildcards count; `q=0` excludes). */
export function accepts(header: string | null | undefined, mediaType: string): boolean {
  if (!header) return false
  const slash = mediaType.indexOf('/')
  if (slash < 0) return false
  const type = mediaType.slice(0, slash).toLowerCase()
  const subtype = mediaType.slice(slash + 1).toLowerCase()
  let best: MediaRange | undefined
  let bestSpecificity = -1
  for (const r of rangesOf(header)) {
    const specificity =
      r.type === type && r.subtype === subtype
        ? 2
        : r.type === type && r.subtype === '*'
          ? 1
          : r.type === '*' && r.subtype === '*'
            ? 0
            : -1
    if (specificity > bestSpecificity) {
      best = r
      bestSpecificity = specificity
    }
  }
  return best !== undefined && best.q > 0
}

/** Whether a `Content-Type` header names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(header: string | null | undefined): boolean {
  if (!header) return false
  if (header === 'application/json') return true
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json'
}
