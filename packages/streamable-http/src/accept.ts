/** Content negotiation for the MCP endpoint: `Accept` and `Content-Type` (RFC 9110 §12.5.1, §8.3). */

/**
 * The media ranges of an `Accept` header (`type/subtype`, lowercase, wildcards as sent) and their weights; a
 * range listed twice keeps its first weight.
 */
type MediaRanges = Map<string, number>

function parseAccept(header: string): MediaRanges {
  const ranges: MediaRanges = new Map()
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
    const key = `${type}/${subtype}`
    if (!ranges.has(key)) ranges.set(key, q)
  }
  return ranges
}

/** Parsed `Accept` headers: a client sends the same one with every request. Bounded, as headers are input. */
const parsed = new Map<string, MediaRanges>()
const MAX_CACHED = 32

function rangesOf(header: string): MediaRanges {
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
  const ranges = rangesOf(header)
  return (ranges.get(exact) ?? ranges.get(`${exact.slice(0, slash)}/*`) ?? ranges.get('*/*') ?? 0) > 0
}

/** Whether a `Content-Type` header names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(header: string | null | undefined): boolean {
  return header === 'application/json' || header?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}
