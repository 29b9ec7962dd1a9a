/** Content negotiation for the MCP endpoint: `Accept` and `Content-Type` (RFC 9110 §12.5.1, §8.3). */

/** A media range of an `Accept` header: `type/subtype` (lowercase, wildcards as sent) and its weight. */
type MediaRange = [range: string, q: number]

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';')
    const [type, subtype] = range.trim().toLowerCase().split('/')
    if (!type || !subtype) continue
    let q = 1
    for (const p of params) {
      const [k = '', v] = p.split('=')
      const n = Number(v)
      if (k.trim().toLowerCase() === 'q' && Number.isFinite(n)) q = n
    }
    ranges.push([`${type}/${subtype}`, q])
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

/**
 * Whether an `Accept` header admits the media type: the most specific range that matches it (`type/subtype`,
 * then `type/*`, then `*\/*`) decides, and `q=0` excludes.
 */
export function accepts(header: string | null | undefined, mediaType: string): boolean {
  const exact = mediaType.toLowerCase()
  const slash = exact.indexOf('/')
  if (!header || slash < 0) return false
  const anySubtype = `${exact.slice(0, slash)}/*`
  let best = -1
  let q = 0
  for (const [range, weight] of rangesOf(header)) {
    const specificity = range === exact ? 2 : range === anySubtype ? 1 : range === '*/*' ? 0 : -1
    if (specificity > best) {
      best = specificity
      q = weight
    }
  }
  return q > 0
}

/** Whether a `Content-Type` header names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(header: string | null | undefined): boolean {
  return header === 'application/json' || header?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}
