import { describe, expect, it } from 'vitest'
import { bufferBody, parseJsonBytes } from './peek-body.js'

const streamOf = (...parts: string[]) => {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift()
      if (next === undefined) controller.close()
      else controller.enqueue(encoder.encode(next))
    },
  })
}
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://w.test/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('bufferBody', () => {
  it('buffers a body within the limit', async () => {
    const r = await bufferBody(post(streamOf('{"a":', '1}')), 100)
    expect('bytes' in r && parseJsonBytes(r.bytes)).toEqual({ a: 1 })
  })

  it('hands back a body over a declared limit unread', async () => {
    const request = post('x'.repeat(20))
    const r = await bufferBody(request, 10)
    expect(r).toEqual({ tooLarge: request })
  })

  it('re-assembles a chunked body that turns out too large', async () => {
    const r = await bufferBody(post(streamOf('abcdef', 'ghijkl', 'mn')), 10)
    if (!('tooLarge' in r)) throw new Error('expected tooLarge')
    expect(await r.tooLarge.text()).toBe('abcdefghijklmn')
  })

  it('finds no JSON in a body that is not JSON', () => {
    expect(parseJsonBytes(new TextEncoder().encode('{"a":'))).toBeUndefined()
  })
})
