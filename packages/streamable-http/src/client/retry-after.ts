import { sleep } from './read-sse.js'

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

/** When a POST refused with 503 is sent again (see `waitToResend`). */
export interface ResendPolicy {
  /** Which answer `response` is: 1 for the first POST, 2 for the first resend, … */
  attempt: number
  /** Resends at most (after the first POST). */
  maxRetries: number
  /** The wait when the 503 carries no readable `Retry-After`. */
  fallbackMs: number
  /** Ends the wait early (the POST's own signal: the caller gave up, or the transport closed). */
  signal: AbortSignal
}

/**
 * Whether to POST the same message again after `response`: yes for a 503 (the server could not take it now,
 * e.g. a fleet instance whose pub/sub connection is reconnecting) while resends are left. Then the body is
 * discarded and this waits out its `Retry-After` (`fallbackMs` without one, at most MAX_RETRY_AFTER_MS) or
 * until `signal` aborts, and resolves true. Otherwise it resolves false at once: `response` is the answer.
 * Which messages may be sent twice is the caller's decision.
 */
export async function waitToResend(response: Response, policy: ResendPolicy): Promise<boolean> {
  if (response.status !== 503 || policy.attempt > policy.maxRetries) return false
  await response.body?.cancel().catch(() => {})
  await sleep(retryAfterMs(response.headers, policy.fallbackMs), policy.signal)
  return true
}
