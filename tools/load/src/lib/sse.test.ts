import { describe, expect, it } from 'vitest'
import { sseEvents } from './sse.js'

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk))
      c.close()
    },
  })

describe('sseEvents', () => {
  it('yields events split across chunks, with ids, multi-line data and CRLF', async () => {
    const events = []
    for await (const e of sseEvents(
      streamOf(
        'id: a:0\ndata:\n\n: keep-alive\n\nid: a:1\r\ndata: {"x"',
        ':1}\r\n\r\ndata: l1\ndata: l2\n\n',
      ),
    ))
      events.push(e)
    expect(events).toEqual([
      { id: 'a:0', data: '' },
      { id: 'a:1', data: '{"x":1}' },
      { id: undefined, data: 'l1\nl2' },
    ])
  })

  it('ends quietly when the connection is cut', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('id: 1\ndata: {}\n\n'))
        c.error(new Error('socket closed'))
      },
    })
    const events = []
    for await (const e of sseEvents(cut)) events.push(e)
    expect(events.length).toBeLessThanOrEqual(1)
  })
})
