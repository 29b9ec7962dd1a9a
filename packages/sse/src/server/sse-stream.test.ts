import { describe, expect, it } from 'vitest'
import { SseStream } from './sse-stream.js'

describe('SseStream', () => {
  it('queues text and ends once, telling why', async () => {
    const s = new SseStream({ keepAliveMs: 0, maxBufferedBytes: 1024 })
    const reasons: string[] = []
    s.onClose((r) => reasons.push(r))
    expect(s.write('data: 1\n\n')).toBe(true)
    expect(s.bufferedBytes).toBe(9)
    s.close()
    s.close()
    expect(s.write('data: 2\n\n')).toBe(false)
    expect(reasons).toEqual(['server'])
    expect(await s.response.text()).toBe('data: 1\n\n')
  })

  it('ends as overflow when the client does not read', () => {
    const s = new SseStream({ keepAliveMs: 0, maxBufferedBytes: 100 })
    expect(s.write('x'.repeat(60))).toBe(true)
    expect(s.write('x'.repeat(60))).toBe(false)
    expect(s.closeReason).toBe('overflow')
    expect(s.isOpen).toBe(false)
  })

  it('ends as client when the request aborts or the body is cancelled', async () => {
    const ac = new AbortController()
    const a = new SseStream({ keepAliveMs: 0, maxBufferedBytes: 100, signal: ac.signal })
    ac.abort()
    expect(a.closeReason).toBe('client')
    const b = new SseStream({ keepAliveMs: 0, maxBufferedBytes: 100 })
    await b.response.body?.cancel()
    expect(b.closeReason).toBe('client')
    let late = ''
    b.onClose((r) => {
      late = r
    })
    expect(late).toBe('client')
  })

  it('writes keep-alive comments while open, and stops after close', async () => {
    let beats = 0
    const s = new SseStream({ keepAliveMs: 10, maxBufferedBytes: 1024, onKeepAlive: () => beats++ })
    const text = s.response.text() // a client that reads
    await new Promise((r) => setTimeout(r, 55))
    s.close()
    const seen = beats
    expect(seen).toBeGreaterThanOrEqual(2)
    await new Promise((r) => setTimeout(r, 30))
    expect(beats).toBe(seen)
    expect(await text).toMatch(/^(: \n\n){2,}$/)
  })

  it('counts a keep-alive as a sign of life only when the client had read everything', async () => {
    let beats = 0
    const s = new SseStream({ keepAliveMs: 10, maxBufferedBytes: 1024, onKeepAlive: () => beats++ })
    await new Promise((r) => setTimeout(r, 55)) // nobody reads
    s.close()
    expect(beats).toBe(1)
    expect(s.bufferedBytes).toBeGreaterThanOrEqual(4 * 4) // the comments nobody took
  })
})
