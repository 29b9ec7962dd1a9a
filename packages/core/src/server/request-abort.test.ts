import { describe, expect, it } from 'vitest'
import { RequestAbort } from './request-abort.js'

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

  it('propagates to children, lazily or not', () => {
    const parent = new RequestAbort()
    const eager = new RequestAbort(parent)
    const s = eager.signal
    const lazy = new RequestAbort(parent)
    parent.abort('stop')
    expect(s.aborted).toBe(true)
    expect(lazy.aborted).toBe(true)
    expect(lazy.signal.aborted).toBe(true)
  })

  it('propagates an upstream signal through a parent whose signal was never read', () => {
    const up = new AbortController()
    const parent = new RequestAbort(up.signal)
    const child = new RequestAbort(parent)
    const s = child.signal
    up.abort('client went away')
    expect(s.aborted).toBe(true)
    expect(s.reason).toBe('client went away')
  })

  it('detaches from long-lived parents on dispose', () => {
    const up = new AbortController()
    const a = new RequestAbort(up.signal)
    const s = a.signal
    a.dispose()
    up.abort()
    expect(s.aborted).toBe(false)
  })

  it('whenAborted resolves on abort', async () => {
    const a = new RequestAbort()
    const p = a.whenAborted()
    a.abort()
    await expect(p).resolves.toBeUndefined()
  })
})
