import { describe, expect, it } from 'vitest'
import { MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-after.js'

const h = (value?: string) => new Headers(value === undefined ? {} : { 'Retry-After': value })

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs(h('2'), 1000)).toBe(2000)
    expect(retryAfterMs(h('0'), 1000)).toBe(0)
    const now = Date.parse('2026-12-02T10:00:00Z')
    expect(retryAfterMs(h('Wed, 02 Dec 2026 10:00:05 GMT'), 1000, now)).toBe(5000)
    expect(retryAfterMs(h('Wed, 02 Dec 2026 09:59:00 GMT'), 1000, now)).toBe(0)
  })

  it('falls back when the header is absent or unreadable, and caps long waits', () => {
    expect(retryAfterMs(h(), 750)).toBe(750)
    expect(retryAfterMs(h('soon'), 750)).toBe(750)
    expect(retryAfterMs(h('-3'), 750)).toBe(750)
    expect(retryAfterMs(h('3600'), 750)).toBe(MAX_RETRY_AFTER_MS)
  })
})
