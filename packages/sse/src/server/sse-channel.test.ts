import { ServerSession } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { SseChannel, type SseChannelOptions } from './sse-channel.js'

const ENDPOINT_EVENT = 'event: endpoint\ndata: /messages?sessionId=abc\n\n'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const open = (options: Partial<SseChannelOptions> = {}, signal = new AbortController().signal) => {
  const session = new ServerSession()
  let ended = 0
  const channel = new SseChannel(
    session,
    { keepAliveMs: 0, maxBufferedBytes: 1 << 20, sessionTtlMs: 0, ...options },
    '/messages?sessionId=abc',
    { signal },
    { closed: () => ended++ },
  )
  const response = channel.takeResponse()
  session.attach(channel.outbound)
  /** A server→client request pending on the session: it fails with the reason the session closed. */
  const pending = () => session.request('elicitation/create', { message: 'x' }, { timeoutMs: 60_000 })
  return { session, channel, response, pending, ended: () => ended }
}

describe('SseChannel', () => {
  it('writes the endpoint event, then each message as one message event', async () => {
    const { session, channel, response } = open()
    await channel.outbound({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    expect(channel.deliver([{ jsonrpc: '2.0', id: 1, result: {} }])).toBe(true)
    session.close()
    expect(await response.text()).toBe(
      ENDPOINT_EVENT +
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n' +
        'event: message\ndata: [{"jsonrpc":"2.0","id":1,"result":{}}]\n\n',
    )
  })

  it('ends once, when the session closes, and writes nothing after', async () => {
    const { session, channel, response, ended } = open()
    session.close('evicted')
    session.close('again')
    expect(channel.isOpen).toBe(false)
    expect(channel.deliver({ jsonrpc: '2.0', method: 'notifications/message', params: {} })).toBe(false)
    expect(ended()).toBe(1)
    expect(await response.text()).toBe(ENDPOINT_EVENT)
  })

  it('a stream the client cancels closes the session and rejects its pending requests', async () => {
    const { session, response, pending, ended } = open()
    const asked = pending()
    expect(session.pendingCount).toBe(1)
    await response.body?.cancel() // the client went away
    await expect(asked).rejects.toThrow(/client disconnected/)
    expect(session.closed).toBe(true)
    expect(session.pendingCount).toBe(0)
    expect(ended()).toBe(1)
  })

  it('ends as a client disconnect when the request aborts, before or after it opened', async () => {
    const ac = new AbortController()
    const a = open({}, ac.signal)
    const asked = a.pending()
    ac.abort()
    await expect(asked).rejects.toThrow(/client disconnected/)
    expect(a.ended()).toBe(1)
    const b = open({}, AbortSignal.abort())
    expect(b.channel.isOpen).toBe(true) // ends in a microtask
    await Promise.resolve()
    expect(b.session.closed).toBe(true)
    expect(b.ended()).toBe(1)
  })

  it('ends as overflow when the client does not read', async () => {
    const { session, channel, pending, ended } = open({ maxBufferedBytes: ENDPOINT_EVENT.length + 1000 })
    const asked = pending()
    const message = {
      jsonrpc: '2.0' as const,
      method: 'notifications/message',
      params: { data: 'x'.repeat(500) },
    }
    expect(channel.deliver(message)).toBe(true)
    expect(channel.deliver(message)).toBe(false)
    await expect(asked).rejects.toThrow(/did not read its messages/)
    expect(session.closed).toBe(true)
    expect(ended()).toBe(1)
  })

  it('a request sent on a gone stream fails at once, leaving nothing pending', async () => {
    const gone = open()
    gone.session.close()
    const other = new ServerSession()
    const r = other.request('sampling/createMessage', {}, { via: gone.channel.outbound, timeoutMs: 60_000 })
    await expect(r).rejects.toThrow(/stream of this session has closed/)
    expect(other.pendingCount).toBe(0)
    // Notifications and responses for a gone stream are dropped quietly.
    expect(
      gone.channel.outbound({ jsonrpc: '2.0', method: 'notifications/message', params: {} }),
    ).toBeUndefined()
  })

  it('writes keep-alive comments while open, each a sign of life when the client reads, and stops after close', async () => {
    const { session, response } = open({ keepAliveMs: 10 })
    session.lastActivity = 0
    const text = response.text() // a client that reads
    // Two keep-alives read (polled: a loaded machine runs the 10 ms timer late, never early).
    await expect.poll(() => session.lastActivity, { timeout: 10_000 }).toBeGreaterThan(0)
    const first = session.lastActivity
    await expect.poll(() => session.lastActivity, { timeout: 10_000 }).toBeGreaterThan(first)
    session.close()
    const seen = session.lastActivity
    await sleep(30)
    expect(session.lastActivity).toBe(seen)
    const body = await text
    expect(body.startsWith(ENDPOINT_EVENT)).toBe(true)
    expect(body.slice(ENDPOINT_EVENT.length)).toMatch(/^(: \n\n){2,}$/)
  })

  it('does not count a keep-alive as a sign of life when the client has not read everything', async () => {
    const { session, channel } = open({ keepAliveMs: 10 })
    session.lastActivity = 0
    await sleep(55) // nobody reads
    expect(session.lastActivity).toBe(0)
    expect(channel.isOpen).toBe(true)
    session.close()
  })

  it('expires an idle session after its TTL, and not a busy one', async () => {
    const idle = open({ sessionTtlMs: 40 })
    const busy = open({ sessionTtlMs: 40 })
    // Settled into a value at once: the rejection comes while the test sleeps, and must not go unhandled.
    const asked = idle.pending().then(
      () => 'answered',
      (e: Error) => e.message,
    )
    const timer = setInterval(() => {
      busy.session.lastActivity = Date.now()
    }, 10)
    await sleep(120)
    clearInterval(timer)
    expect(idle.session.closed).toBe(true)
    expect(await asked).toMatch(/Session expired/)
    expect(idle.channel.isOpen).toBe(false)
    expect(busy.session.closed).toBe(false)
    busy.session.close()
  })
})
