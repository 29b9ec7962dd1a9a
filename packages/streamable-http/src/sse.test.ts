import { describe, expect, it } from 'vitest'
import { formatSseComment, formatSseEvent } from './sse-format.js'
import { type SseEvent, SseEventTooLargeError, SseParser } from './sse-parser.js'

function parse(chunks: string[]) {
  const events: SseEvent[] = []
  const retries: number[] = []
  const p = new SseParser({ onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms) })
  for (const c of chunks) p.push(c)
  return { events, retries }
}

describe('SSE format and parser', () => {
  it('round-trips events, multi-line data, ids and retry', () => {
    const text =
      formatSseEvent({ id: 's_0', retry: 1500, data: '' }) +
      formatSseComment('keepalive') +
      formatSseEvent({ id: 's_1', event: 'message', data: '{"a":1}' }) +
      formatSseEvent({ data: 'line1\nline2' })
    const { events, retries } = parse([text])
    expect(retries).toEqual([1500])
    expect(events).toEqual([
      { event: 'message', data: '', lastEventId: 's_0', hasId: true },
      { event: 'message', data: '{"a":1}', lastEventId: 's_1', hasId: true },
      { event: 'message', data: 'line1\nline2', lastEventId: 's_1', hasId: false },
    ])
  })

  it('handles chunks split anywhere, CRLF split across chunks, a BOM and no space after the colon', () => {
    const text = '\ufeffdata:one\r\n\r\nid: 7\rdata: two\r\rdata: three\n\n'
    const chunked = parse(text.split(''))
    const whole = parse([text])
    expect(chunked.events).toEqual(whole.events)
    expect(whole.events.map((e) => e.data)).toEqual(['one', 'two', 'three'])
    expect(whole.events[2]?.lastEventId).toBe('7')
  })

  it('drops an incomplete trailing event and ignores unknown fields and bad retry values', () => {
    const p = parse(['foo: bar\nretry: 1x\ndata: complete\n\ndata: partial'])
    expect(p.events.map((e) => e.data)).toEqual(['complete'])
    expect(p.retries).toEqual([])
  })

  it('maxEventSize bounds an event, a line being received and an id; events within it pass', () => {
    const events: SseEvent[] = []
    const parser = () => new SseParser({ onEvent: (e) => events.push(e) }, { maxEventSize: 10 })
    // Data lines count with their separator: 4 + 1 + 3 + 1 = 9.
    const fits = parser()
    expect(() => fits.push('data: 1234\ndata: 123\n\n')).not.toThrow()
    expect(events.map((e) => e.data)).toEqual(['1234\n123'])
    expect(() => parser().push('data: 12345678901')).toThrow(SseEventTooLargeError)
    const endless = parser()
    expect(() => {
      for (let i = 0; i < 100; i++) endless.push('x')
    }).toThrow('An SSE event exceeds 10 characters')
    expect(() => parser().push('data: 1234\ndata: 1234\ndata: 1\n')).toThrow(SseEventTooLargeError)
    expect(() => parser().push('id: 12345678901\n')).toThrow(SseEventTooLargeError)
    // Comment lines do not add to the event.
    const comments = parser()
    comments.push(': keep-alive\n: keep-alive\ndata: ok\n\n')
    expect(events.at(-1)?.data).toBe('ok')
  })

  it('a long line arriving in many small chunks is parsed whole (only new text is scanned)', () => {
    const events: SseEvent[] = []
    const p = new SseParser({ onEvent: (e) => events.push(e) })
    p.push('data: ')
    for (let i = 0; i < 20_000; i++) p.push('abcdefghij')
    p.push('\n\n')
    expect(events[0]?.data.length).toBe(200_000)
  })

  it('refuses multi-line ids', () => {
    expect(() => formatSseEvent({ id: 'a\nb' })).toThrow()
  })
})
