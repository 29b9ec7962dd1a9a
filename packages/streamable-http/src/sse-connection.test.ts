import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SseConnection, type SseConnectionOwner, WebSseConnection } from './sse-connection.js'

afterEach(() => {
  vi.useRealTimers()
})

async function readAll(response: Response): Promise<string> {
  return await response.text()
}

describe('SseConnection (web stream)', () => {
  it('sends keep-alive comments on its interval and stops them when closed', async () => {
    vi.useFakeTimers()
    let ticks = 0
    const c = new WebSseConnection({ keepAliveMs: 1000, owner: { keptAlive: () => ticks++ } })
    const response = c.takeResponse()
    vi.advanceTimersByTime(3500)
    expect(ticks).toBe(3)
    c.close()
    vi.advanceTimersByTime(5000)
    expect(ticks).toBe(3)
    expect(vi.getTimerCount()).toBe(0)
    expect(await readAll(response)).toBe(': \n\n: \n\n: \n\n')
  })

  it('cleans up when the client cancels the body or the request aborts, telling owner and listeners once', async () => {
    vi.useFakeTimers()
    const closed: string[] = []
    const owner: SseConnectionOwner = { closed: () => closed.push('owner') }
    const a = new WebSseConnection({ keepAliveMs: 1000, lifetimeMs: 60_000, owner })
    a.onClose(() => closed.push('a'))
    await a.takeResponse().body?.cancel()
    expect(closed).toEqual(['owner', 'a'])
    expect(a.isOpen).toBe(false)
    expect(a.write('x')).toBe(false)
    a.close()
    expect(closed).toEqual(['owner', 'a'])

    const abort = new AbortController()
    const b = new WebSseConnection({ keepAliveMs: 1000, signal: abort.signal })
    b.onClose(() => closed.push('b'))
    abort.abort()
    expect(closed).toEqual(['owner', 'a', 'b'])
    expect(vi.getTimerCount()).toBe(0)
    const late: string[] = []
    b.onClose(() => late.push('late'))
    expect(late).toEqual(['late'])
  })

  it('expires after its lifetime, letting the owner write a last event first', async () => {
    vi.useFakeTimers()
    const c: SseConnection = new WebSseConnection({
      keepAliveMs: 0,
      lifetimeMs: 500,
      owner: { expiring: (connection) => connection.write('retry: 10\n\n') },
    })
    const response = c.takeResponse()
    c.write('data: 1\n\n')
    vi.advanceTimersByTime(500)
    expect(c.isOpen).toBe(false)
    expect(await readAll(response)).toBe('data: 1\n\nretry: 10\n\n')
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform')
  })

  it('hands its response out once, with extra headers', () => {
    const c = new WebSseConnection({ keepAliveMs: 0, headers: { 'X-Extra': 'yes' } })
    const response = c.takeResponse()
    expect(response.headers.get('x-extra')).toBe('yes')
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(() => c.takeResponse()).toThrow(/already taken/)
    c.close()
  })
})
