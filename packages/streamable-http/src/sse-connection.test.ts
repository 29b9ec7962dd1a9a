import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  KEEP_ALIVE,
  type SseConnection,
  type SseConnectionOwner,
  WebSseConnection,
} from './sse-connection.js'
import { formatSseComment } from './sse-format.js'

afterEach(() => {
  vi.useRealTimers()
})

async function readAll(response: Response): Promise<string> {
  return await response.text()
}

describe('SseConnection (web stream)', () => {
  it('keeps alive with an empty comment', () => {
    expect(KEEP_ALIVE).toBe(formatSseComment())
  })

  it('sends keep-alive comments on its interval and stops them when closed', async () => {
    vi.useFakeTimers()
    let ticks = 0
    const c = new WebSseConnection({}, 1000, 0, { keptAlive: () => ticks++ })
    const response = c.takeResponse()
    vi.advanceTimersByTime(3500)
    expect(ticks).toBe(3)
    c.close()
    vi.advanceTimersByTime(5000)
    expect(ticks).toBe(3)
    expect(vi.getTimerCount()).toBe(0)
    expect(await readAll(response)).toBe(': \n\n: \n\n: \n\n')
  })

  it('cleans up when the client cancels the body or the request aborts, telling owner and holder once', async () => {
    vi.useFakeTimers()
    const closed: string[] = []
    const owner: SseConnectionOwner = { closed: () => closed.push('owner') }
    const held = (name: string) => (p: Promise<void>) => void p.then(() => closed.push(name))
    const a = new WebSseConnection({ hold: held('a') }, 1000, 60_000, owner)
    await a.takeResponse().body?.cancel()
    await Promise.resolve()
    expect(closed).toEqual(['owner', 'a'])
    expect(a.isOpen).toBe(false)
    expect(a.write('x')).toBe(false)
    a.close()
    await Promise.resolve()
    expect(closed).toEqual(['owner', 'a'])

    const abort = new AbortController()
    const b = new WebSseConnection({ signal: abort.signal, hold: held('b') }, 1000)
    abort.abort()
    expect(b.isOpen).toBe(false)
    await Promise.resolve()
    expect(closed).toEqual(['owner', 'a', 'b'])
    expect(vi.getTimerCount()).toBe(0)

    // A request aborted before the stream opened: closed right after.
    const late = new WebSseConnection({ signal: AbortSignal.abort(), hold: held('late') }, 1000)
    expect(late.isOpen).toBe(true)
    await Promise.resolve()
    await Promise.resolve()
    expect(late.isOpen).toBe(false)
    expect(closed).toEqual(['owner', 'a', 'b', 'late'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('expires after its lifetime, letting the owner write a last event first', async () => {
    vi.useFakeTimers()
    const c: SseConnection = new WebSseConnection({}, 0, 500, {
      expiring: (connection) => connection.write('retry: 10\n\n'),
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

  it('hands its response out once', () => {
    const c = new WebSseConnection({}, 0)
    const response = c.takeResponse()
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(() => c.takeResponse()).toThrow(/already taken/)
    c.close()
  })

  it('with maxBufferedBytes, ends as overflow once its client leaves more than that unread', async () => {
    const reasons: string[] = []
    const c = new WebSseConnection({ maxBufferedBytes: 10 }, 0, 0, { closed: () => reasons.push('closed') })
    const reader = c.takeResponse().body!.getReader()
    expect(c.write('data: 1\n\n')).toBe(true) // 9 bytes unread
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n')
    expect(c.write('data: 2\n\n')).toBe(true) // what was taken no longer counts
    expect(c.write('data: 3\n\n')).toBe(false) // 18 bytes unread
    expect(c.isOpen).toBe(false)
    expect(reasons).toEqual(['closed'])
    // The body errors: what was queued is dropped, not flushed.
    await expect(reader.read()).rejects.toThrow(/too slow/)
  })
})
