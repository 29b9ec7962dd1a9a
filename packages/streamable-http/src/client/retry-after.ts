/** The longest wait a `Retry-After` can ask of a resent answer: the request it answers times out meanwhile. */
export const MAX_RETRY_AFTER_MS = 30_000

/**
 * How long to wait before sending again, from a `Retry-After` header (RFC 9110 §10.2.3: seconds or an HTTP
 * date); `fallbackMs` when it is absent or unreadable. At most MAX_RETRY_AFTER_MS.
 */
export function retryAfterMs(headers: Headers, fallbackMs: number, now = Date.now()): number {
  const value = headers.get('retry-after')?.trim()
  let ms = fallbackMs
  if (value && /^\d+$/.test(value)) ms = Number(value) * 1000
  else if (value && /^[A-Za-z]/.test(value)) {
    // An HTTP date starts with the day's name; anything else (a negative number, a word) is unreadable.
    const at = Date.parse(value)
    if (!Number.isNaN(at)) ms = Math.max(0, at - now)
  }
  return Math.min(ms, MAX_RETRY_AFTER_MS)
}
