import { describe, expect, it } from 'vitest'
import { discardBody, MAX_DISCARDED_BYTES, peekBody, readBody, refuse } from './body.js'
import { transportError } from './http-error.js'

/** A request whose body is `chunks`, counting how many were pulled and whether it was cancelled. */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false }
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[i++]
      if (next === undefined) return controller.close()
      seen.pulled++
      controller.enqueue(next)
    },
    cancel() {
      seen.cancelled = true
    },
  })
  const request = new Request('http://h.test/', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit)
  return { request, seen }
}

const bytes = (n: number, fill = 0x20) => new Uint8Array(n).fill(fill)
const statusOf = (r: Awaited<ReturnType<typeof readBody>>) => (r.ok ? 200 : r.error.httpStatus)

describe('readBody', () => {
  it('reads UTF-8 text within the limit, with or without Content-Length', async () => {
    const text = '{"a":"é"}'
    expect(await readBody(new Request('http://h.test/', { method: 'POST', body: text }), 100)).toEqual({
      ok: true,
      text,
    })
    const { request } = streamed([new TextEncoder().encode(text)])
    expect(await readBody(request, 100)).toEqual({ ok: true, text })
  })

  it('refuses a body over the limit by Content-Length, reading it to its end first', async () => {
    const { request, seen } = streamed([bytes(60), bytes(60), bytes(60)], { 'content-length': '180' })
    expect(statusOf(await readBody(request, 100))).toBe(413)
    expect(seen).toEqual({ pulled: 3, cancelled: false })
  })

  it('refuses a streamed body once it passes the limit, and reads the rest', async () => {
    const { request, seen } = streamed([bytes(60), bytes(60), bytes(60), bytes(60)])
    expect(statusOf(await readBody(request, 100))).toBe(413)
    expect(seen).toEqual({ pulled: 4, cancelled: false })
  })

  it('answers invalid UTF-8 with a parse error (400, -32700) after reading the whole body', async () => {
    const { request, seen } = streamed([new Uint8Array([0xff, 0x5b]), bytes(10), bytes(10)])
    const r = await readBody(request, 100)
    expect(r.ok ? undefined : [r.error.httpStatus, r.error.code]).toEqual([400, -32700])
    expect(seen).toEqual({ pulled: 3, cancelled: false })
    const whole = await readBody(
      new Request('http://h.test/', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0x7d]) }),
      100,
    )
    expect(whole.ok ? undefined : [whole.error.httpStatus, whole.error.code]).toEqual([400, -32700])
  })

  describe('with a Content-Length (read whole, decoded leniently, then checked)', () => {
    const sized = (body: Uint8Array<ArrayBuffer>, length = body.byteLength) =>
      new Request('http://h.test/', {
        method: 'POST',
        body,
        headers: { 'content-length': String(length) },
      })
    const parts = (...chunks: number[][]) => new Uint8Array(chunks.flat())
    const ascii = (s: string) => [...new TextEncoder().encode(s)]
    const outcome = async (request: Request, limit = 100) => {
      const r = await readBody(request, limit)
      return r.ok ? r.text : [r.error.httpStatus, r.error.code]
    }

    it('refuses each invalid sequence that changes the size when decoded', async () => {
      for (const bad of [
        [0xff],
        [0x80],
        [0xc0, 0x80],
        [0xed, 0xa0, 0x80],
        [0xe2, 0x82],
        [0xf4, 0x90, 0x80, 0x80],
      ])
        expect(await outcome(sized(parts(ascii('{"a":"'), bad, ascii('"}'))))).toEqual([400, -32700])
    })

    it('keeps a U+FFFD that was sent as such, and other characters of every UTF-8 length', async () => {
      const text = '{"a":"\uFFFD é € 😀"}'
      expect(await outcome(sized(new TextEncoder().encode(text)))).toBe(text)
    })

    it('takes the first three bytes of a cut four-byte sequence as U+FFFD (the one case sizes cannot tell)', async () => {
      const cut = parts(ascii('{"a":"'), [0xf0, 0x9f, 0x98], ascii('"}'))
      expect(await outcome(sized(cut))).toBe('{"a":"\uFFFD"}')
    })

    it('counts the bytes again when the text could exceed the limit (a Request that declares less)', async () => {
      const body = new TextEncoder().encode(`"${'é'.repeat(40)}"`) // 82 bytes, 42 UTF-16 units
      expect(await outcome(sized(body, 10), 60)).toEqual([413, -32600])
      expect(await outcome(sized(body), 100)).toBe(`"${'é'.repeat(40)}"`)
    })
  })
})

describe('peekBody', () => {
  it('reads and parses a body once: the next readBody of the request gets the same text and parse', async () => {
    const { request, seen } = streamed([new TextEncoder().encode('{"a":'), new TextEncoder().encode('1}')])
    const read = { ok: true, text: '{"a":1}', parsed: { ok: true, value: { a: 1 } } }
    expect(await peekBody(request, 100)).toEqual(read)
    expect(seen.pulled).toBe(2)
    expect(await readBody(request, 100)).toEqual(read)
    // Not JSON: the text is kept with the parse's refusal, for the handler to answer 400 with.
    const notJson = await peekBody(new Request('http://h.test/', { method: 'POST', body: '{' }), 100)
    expect(notJson).toMatchObject({ ok: true, text: '{', parsed: { ok: false } })
    // Another request is read as usual.
    expect(await readBody(new Request('http://h.test/', { method: 'POST', body: 'x' }), 100)).toEqual({
      ok: true,
      text: 'x',
    })
  })

  it('keeps a refusal: too large (declared or counted) or not UTF-8, the body read to its end', async () => {
    const declared = streamed([bytes(60), bytes(60)], { 'content-length': '120' })
    const counted = streamed([bytes(60), bytes(60), bytes(60)])
    const invalid = streamed([new Uint8Array([0x7b, 0xff]), bytes(10)])
    for (const [{ request, seen }, status, pulled] of [
      [declared, 413, 2],
      [counted, 413, 3],
      [invalid, 400, 2],
    ] as const) {
      const peeked = await peekBody(request, 100)
      expect(statusOf(peeked)).toBe(status)
      expect(seen).toEqual({ pulled, cancelled: false })
      expect(await readBody(request, 100)).toBe(peeked)
      // A refusal before the body is read finds nothing left to read.
      expect(await refuse(request, transportError(406, 'Not Acceptable')).then((r) => r.status)).toBe(406)
    }
  })
})

describe('discardBody', () => {
  it('reads an unread body to its end; a used or absent body is left alone', async () => {
    const { request, seen } = streamed([bytes(10), bytes(10)])
    await discardBody(request)
    expect(seen).toEqual({ pulled: 2, cancelled: false })
    expect(request.bodyUsed).toBe(true)
    await discardBody(request)
    await discardBody(new Request('http://h.test/'))
  })

  it(`gives up (cancels) past ${MAX_DISCARDED_BYTES} bytes`, async () => {
    const chunk = bytes(16 * 1024 * 1024)
    const { request, seen } = streamed(Array.from({ length: 6 }, () => chunk))
    await discardBody(request)
    expect(seen).toEqual({ pulled: 5, cancelled: true })
  })

  it('refuse(): the error response, after the body', async () => {
    const { request, seen } = streamed([bytes(10)])
    const res = await refuse(request, transportError(415, 'Unsupported Media Type'), 7, { 'X-A': 'b' })
    expect(seen.pulled).toBe(1)
    expect(res.status).toBe(415)
    expect(res.headers.get('x-a')).toBe('b')
    expect(await res.json()).toMatchObject({ id: 7, error: { message: 'Unsupported Media Type' } })
  })
})
