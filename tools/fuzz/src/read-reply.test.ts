import { describe, expect, it } from 'vitest'
import { parseSse, readReply } from './read-reply.js'

describe('reading replies', () => {
  it('parses SSE events, ids, event types and CRLF', () => {
    const r = parseSse(
      'id: 1\ndata:\n\nevent: endpoint\r\ndata: /m?sessionId=ab\r\n\r\n: keep-alive\n\ndata: {"a":\ndata: 1}\n\n',
    )
    expect(r.data).toEqual(['', '/m?sessionId=ab', '{"a":\n1}'])
    expect(r.events).toEqual(['message', 'endpoint', 'message'])
    expect(r.ids).toEqual(['1'])
  })

  it('cuts a stream that stays idle, and flags JSON that does not parse', async () => {
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: {"jsonrpc":"2.0","method":"x"}\n\n'))
      },
    })
    const sse = await readReply(new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }), {
      idleMs: 20,
      maxMs: 1000,
    })
    expect(sse.cut).toBe(true)
    expect(sse.messages).toEqual([{ jsonrpc: '2.0', method: 'x' }])
    const bad = await readReply(new Response('{nope', { headers: { 'Content-Type': 'application/json' } }), {
      idleMs: 20,
      maxMs: 1000,
    })
    expect(bad.problems[0]).toMatch(/does not parse/)
  })
})
