import { ServerSession } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { SseChannel } from './sse-channel.js'
import { SseStream } from './sse-stream.js'

const open = (ttlMs = 0) => {
  const session = new ServerSession()
  const stream = new SseStream({ keepAliveMs: 0, maxBufferedBytes: 1 << 20 })
  const channel = new SseChannel(session, stream, ttlMs)
  session.attach(channel.send)
  let ended = 0
  channel.onEnd(() => ended++)
  return { session, stream, channel, ended: () => ended }
}

describe('SseChannel', () => {
  it('writes the endpoint event, then each message as one message event', async () => {
    const { channel, stream } = open()
    channel.sendEndpoint('/messages?sessionId=abc')
    await channel.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    expect(channel.deliver([{ jsonrpc: '2.0', id: 1, result: {} }])).toBe(true)
    stream.close()
    expect(await stream.response.text()).toBe(
      'event: endpoint\ndata: /messages?sessionId=abc\n\n' +
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n' +
        'event: message\ndata: [{"jsonrpc":"2.0","id":1,"result":{}}]\n\n',
    )
  })

  it('a stream that ends closes the session and rejects its pending requests', async () => {
    const { session, stream, ended } = open()
    const asked = session.request('elicitation/create', { message: 'x' }, { timeoutMs: 60_000 })
    expect(session.pendingCount).toBe(1)
    await stream.response.body?.cancel() // the client went away
    await expect(asked).rejects.toThrow(/client disconnected/)
    expect(session.closed).toBe(true)
    expect(session.pendingCount).toBe(0)
    expect(ended()).toBe(1)
  })

  it('a session that closes ends the stream', () => {
    const { session, stream, channel, ended } = open()
    session.close('evicted')
    expect(stream.closeReason).toBe('server')
    expect(channel.isOpen).toBe(false)
    expect(ended()).toBe(1)
  })

  it('a request sent on a gone stream fails at once, leaving nothing pending', async () => {
    const gone = open()
    gone.stream.close()
    const other = new ServerSession()
    const r = other.request('sampling/createMessage', {}, { via: gone.channel.send, timeoutMs: 60_000 })
    await expect(r).rejects.toThrow(/stream of this session has closed/)
    expect(other.pendingCount).toBe(0)
    // Notifications and responses for a gone stream are dropped quietly.
    expect(gone.channel.send({ jsonrpc: '2.0', method: 'notifications/message', params: {} })).toBeUndefined()
  })

  it('expires an idle session after its TTL, and not a busy one', async () => {
    const idle = open(40)
    const busy = open(40)
    const timer = setInterval(() => {
      busy.session.lastActivity = Date.now()
    }, 10)
    await new Promise((r) => setTimeout(r, 120))
    clearInterval(timer)
    expect(idle.session.closed).toBe(true)
    expect(idle.stream.closeReason).toBe('server')
    expect(busy.session.closed).toBe(false)
    busy.session.close()
  })
})
