import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestTimeoutError } from '../errors/local-error.js'
import { ProtocolError } from '../errors/protocol-error.js'
import { RequestTracker } from './request-tracker.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('RequestTracker', () => {
  it('hands out fresh ids and settles results and errors', async () => {
    const t = new RequestTracker(1000)
    const a = t.nextId()
    const b = t.nextId()
    expect(a).not.toBe(b)
    const pa = t.track(a, 'x', {}, () => {})
    const pb = t.track(b, 'y', {}, () => {})
    expect(t.settle({ jsonrpc: '2.0', id: a, result: { ok: true } })).toBe(true)
    expect(
      t.settle({ jsonrpc: '2.0', id: b, error: { code: -32602, message: 'bad', data: { field: 'f' } } }),
    ).toBe(true)
    await expect(pa).resolves.toEqual({ ok: true })
    await expect(pb).rejects.toEqual(new ProtocolError(-32602, 'bad', { field: 'f' }))
    expect(t.settle({ jsonrpc: '2.0', id: a, result: {} })).toBe(false)
  })

  it('times out, tells the peer, and ignores the late answer', async () => {
    const t = new RequestTracker(100)
    const cancelled: string[] = []
    const p = t.track(1, 'tools/call', {}, (r) => cancelled.push(r))
    vi.advanceTimersByTime(100)
    await expect(p).rejects.toBeInstanceOf(RequestTimeoutError)
    expect(cancelled).toEqual(['timed out after 100 ms'])
    expect(t.settle({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false)
  })

  it('progress resets the timeout when asked, up to the maximum total', async () => {
    const t = new RequestTracker(100)
    const seen: number[] = []
    const p = t.track(
      1,
      'x',
      { resetTimeoutOnProgress: true, maxTotalTimeoutMs: 250, onprogress: (i) => seen.push(i.progress) },
      () => {},
    )
    for (const n of [1, 2, 3]) {
      vi.advanceTimersByTime(80)
      expect(t.progress({ progressToken: 1, progress: n })).toBe(true)
    }
    expect(seen).toEqual([1, 2, 3])
    vi.advanceTimersByTime(10) // 250 ms in total
    await expect(p).rejects.toThrow(/after 250 ms/)
  })

  it('without reset, progress does not extend the timeout', async () => {
    const t = new RequestTracker(100)
    const p = t.track(1, 'x', { onprogress: () => {} }, () => {})
    vi.advanceTimersByTime(80)
    t.progress({ progressToken: 1, progress: 1 })
    vi.advanceTimersByTime(20)
    await expect(p).rejects.toBeInstanceOf(RequestTimeoutError)
  })

  it('aborts with the reason and timeout 0 means none', async () => {
    const t = new RequestTracker(0)
    const c = new AbortController()
    const reasons: string[] = []
    const p = t.track(1, 'x', { signal: c.signal }, (r) => reasons.push(r))
    vi.advanceTimersByTime(1_000_000)
    c.abort(new Error('stop'))
    await expect(p).rejects.toMatchObject({ kind: 'aborted' })
    expect(reasons).toEqual(['stop'])
  })
})
