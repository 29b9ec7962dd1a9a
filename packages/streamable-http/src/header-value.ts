/**
 * Header values of 2026-07-28 Streamable HTTP "Value Encoding": plain visible ASCII when safe, otherwise the
 * Base64 sentinel `=?base64?{UTF-8 as Base64}?=` (used by `Mcp-Name` and `Mcp-Param-{Name}`).
 */

const PREFIX = '=?base64?'
const SUFFIX = '?='
/** RFC 9110 field-value characters: visible ASCII, space and horizontal tab. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/
/** What a client sends unencoded: printable ASCII without tabs. */
const PLAIN = /^[\x20-\x7e]*$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** `=?base64?{encoded}?=`, the encoded part captured. */
const SENTINEL = /^=\?base64\?(.*)\?=$/

/** True when the value can travel as-is: visible ASCII, no leading/trailing whitespace, not sentinel-shaped. */
export function isPlainHeaderValue(value: string): boolean {
  return PLAIN.test(value) && value.trim() === value && !SENTINEL.test(value)
}

function toBase64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Encodes a value for `Mcp-Name` / `Mcp-Param-*`: as-is when safe, else the Base64 sentinel. */
export function encodeHeaderValue(value: string): string {
  return isPlainHeaderValue(value) ? value : `${PREFIX}${toBase64(value)}${SUFFIX}`
}

export type DecodedHeaderValue = { ok: true; value: string } | { ok: false; reason: string }

/** Why a received value is refused, by the code `headerValueOf` returns. */
const REFUSED = [
  'contains characters not allowed in a header value',
  'is not valid Base64',
  'is not Base64 of UTF-8 text',
] as const

/**
 * A received `Mcp-Name` / `Mcp-Param-*` value decoded, or the code (index in `REFUSED`) of why it is refused.
 * Surrounding whitespace is not part of a field value (RFC 9110 §5.5). A sentinel must hold canonical, padded
 * Base64 of valid UTF-8; anything else is literal.
 */
export function headerValueOf(raw: string): string | 0 | 1 | 2 {
  const value = raw.trim()
  if (!FIELD_VALUE.test(value)) return 0
  const encoded = SENTINEL.exec(value)?.[1]
  if (encoded === undefined) return value
  if (!BASE64.test(encoded)) return 1
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return 2
  }
}

/** Decodes a received `Mcp-Name` / `Mcp-Param-*` value (see `headerValueOf`). */
export function decodeHeaderValue(raw: string): DecodedHeaderValue {
  const value = headerValueOf(raw)
  return typeof value === 'string' ? { ok: true, value } : { ok: false, reason: REFUSED[value] }
}
