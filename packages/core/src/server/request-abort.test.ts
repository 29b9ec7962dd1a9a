import { describe, expect, it } from 'vitest'
import { RequestAbort, whenAborted } from './request-abort.js'

describe('RequestAbort', () => {
  it('propagates from an upstream signal read before or after the abort', () => {
    const up = new AbortController()
    const a = new RequestAbort(up.signal)
    const s = a.signal
    up.abort('gone')
    expect(s.aborted).toBe(true)
    const b = new RequestAbort(up.signal)
    expect(b.aborted).toBe(true)
    expect(b.signal.aborted).toBe(true)
  })

  it('hands an abort made before the first read of signal to the signal', () => {
    const a = new RequestAbort()
    a.abort('stop')
    expect(a.aborted).toBe(true)
    expect(a.signal.aborted).toBe(true)
    expect(a.signal.reason).toBe('stop')
  })

  it('listens upstream only once signal is read, and stops on dispose', () => {
    const added: Array<() => void> = []
    const removed: Array<() => void> = []
    const up = {
      aborted: false,
      addEventListener: (_type: 'abort', l: () => void) => added.push(l),
      removeEventListener: (_type: 'abort', l: () => void) => removed.push(l),
    }
    const a = new RequestAbort(up)
    expect(a.aborted).toBe(false)
    expect(added).toHaveLength(0)
    void a.signal
    void a.signal
    expect(added).toHaveLength(1)
    a.dispose()
    expect(removed).toEqual(added)
  })

  it('detaches from a long-lived upstream signal on dispose', () => {
    const up = new AbortController()
    const a = new RequestAbort(up.signal)
    const s = a.signal
    a.dispose()
    up.abort()
    expect(s.aborted).toBe(false)
  })

  it('whenAborted resolves on abort', async () => {
    const a = new RequestAbort()
    const p = whenAborted(a)
    a.abort()
    await expect(p).resolves.toBeUndefined()
  })
})
