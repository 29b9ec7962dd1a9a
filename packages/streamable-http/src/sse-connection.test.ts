import { afterEach, describe, expect, it, vi } from 'vitest'
import { SseConnection } from './sse-connection.js'

afterEach(() => {
  vi.useRealTimers()
})

async function readAll(response: Response): Promise<string> {
  return await response.text()
}

describe('SseConnection', () => {
  it('sends keep-alive comments on its interval and stops them when closed', async () => {
    vi.useFakeTimers()
    let ticks = 0
    const c = new SseConnection({ keepAliveMs: 1000, onKeepAlive: () => ticks++ })
    vi.advanceTimersByTime(3500)
    expect(ticks).toBe(3)
    c.close()
    vi.advanceTimersByTime(5000)
    expect(ticks).toBe(3)
    expect(vi.getTimerCount()).toBe(0)
    expect(await readAll(c.response)).toBe(': \n\n: \n\n: \n\n')
  })

  it('cleans up when the client cancels the body or the request aborts', async () => {
    vi.useFakeTimers()
    const closed: string[] = []
    const a = new SseConnection({ keepAliveMs: 1000, lifetimeMs: 60_000 })
    a.onClose(() => closed.push('a'))
    await a.response.body?.cancel()
    expect(closed).toEqual(['a'])
    expect(a.isOpen).toBe(false)
    expect(a.write('x')).toBe(false)

    const abort = new AbortController()
    const b = new SseConnection({ keepAliveMs: 1000, signal: abort.signal })
    b.onClose(() => closed.push('b'))
    abort.abort()
    expect(closed).toEqual(['a', 'b'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('expires after its lifetime, letting the owner write a last event first', async () => {
    vi.useFakeTimers()
    const c = new SseConnection({ keepAliveMs: 0, lifetimeMs: 500, onExpire: () => c.write('retry: 10\n\n') })
    c.write('data: 1\n\n')
    vi.advanceTimersByTime(500)
    expect(c.isOpen).toBe(false)
    expect(await readAll(c.response)).toBe('data: 1\n\nretry: 10\n\n')
    expect(c.response.headers.get('content-type')).toBe('text/event-stream')
    expect(c.response.headers.get('x-accel-buffering')).toBe('no')
  })
})
