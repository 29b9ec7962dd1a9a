import { type ParsedBody, parseJson, type ProtocolError, type RequestId } from '@edgemcp/core'
import { type HeaderReader, headersOf } from './header-reader.js'
import { errorResponse, transportError } from './http-error.js'

/** A body read (`text`), or refused. `parsed`: its JSON, when `peekBody` parsed it already. */
export type BodyResult = { ok: true; text: string; parsed?: ParsedBody } | { ok: false; error: ProtocolError }

/** Most bytes of a refused body read and thrown away; beyond this the rest is cancelled. */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024

const tooLarge = (limit: number): BodyResult => ({
  ok: false,
  error: transportError(413, `Request body exceeds ${limit} bytes`),
})

const unreadable = (detail: string): BodyResult => ({
  ok: false,
  error: transportError(400, `Parse error: ${detail}`, -32700), // Parse error
})

const utf8 = new TextEncoder()
const UNREADABLE = 'body could not be read'
const NOT_UTF8 = 'body is not valid UTF-8'

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes: by `Content-Length` before reading,
 * and by counting while reading (a chunked body, or a lying header).
 *
 * With a `Content-Length` within the limit the body is read in one go as text (runtimes frame the body by
 * that header, and @hono/node-server decodes it from the bytes it read: no web stream, no copy into an
 * ArrayBuffer, which cost about 4% of a small tools/call); see `checkWhole`. Without one the body is streamed,
 * counted chunk by chunk and decoded strictly.
 *
 * A refused body is still read to its end (see `discardBody`), so the refusal is what the client gets.
 */
export function readBody(request: Request, limit: number): Promise<BodyResult> {
  const kept = peeked.get(request)
  if (kept !== undefined) return Promise.resolve(kept)
  const declared = headersOf(request).get('content-length')
  if (declared !== null) {
    const size = Number(declared)
    if (size > limit) return discardBody(request).then(() => tooLarge(limit))
    if (Number.isSafeInteger(size) && size >= 0)
      return request.text().then(
        (text) => checkWhole(text, limit, size),
        () => unreadable(UNREADABLE),
      )
  }
  return readStreamed(request, limit)
}

/** Bodies read by `peekBody`, for the `readBody` of the handler that serves their request. */
const peeked = new WeakMap<Request, BodyResult>()

/**
 * Internal-ish, for a host that must see a body before handing its request to a handler (as @edgemcp/workers
 * routes a POST by its JSON): `readBody` and, when read, its JSON parsed (`parsed`), both kept with the
 * request. The handler's own `readBody` (with the same `limit`) then gets the same text and parse, or the same
 * refusal, without reading or parsing again, and a refusal that comes before it finds the body already read to
 * its end. (One JSON.parse less per stateless request that a Worker routes by its body.)
 */
export async function peekBody(request: Request, limit: number): Promise<BodyResult> {
  const read = await readBody(request, limit)
  const result: BodyResult = read.ok ? { ok: true, text: read.text, parsed: parseJson(read.text) } : read
  peeked.set(request, result)
  return result
}

/**
 * Checks a body that `text()` decoded. That decoding is lenient: invalid UTF-8 becomes U+FFFD. A text without
 * U+FFFD was valid UTF-8. One with it is measured again: an invalid sequence of one or two bytes grows to the
 * three of U+FFFD, so a size other than the declared one means invalid UTF-8 (400, -32700). With the same size
 * the U+FFFD were sent as such, or stand for the first three bytes of a cut four-byte sequence, which is then
 * taken as U+FFFD, as a WHATWG decoder does. The size limit is checked again (an in-process Request may
 * carry more than it declares); the bytes are only counted when the text could exceed it (UTF-8 takes at
 * most three bytes per UTF-16 unit).
 */
function checkWhole(text: string, limit: number, declared: number): BodyResult {
  const suspect = text.includes('\uFFFD')
  if (!suspect && text.length * 3 <= limit) return { ok: true, text }
  const size = utf8.encode(text).byteLength
  if (size > limit) return tooLarge(limit)
  if (suspect && size !== declared) return unreadable(NOT_UTF8)
  return { ok: true, text }
}

/** Decodes the next chunk (the rest, at the end: `bytes` undefined); undefined when it is not valid UTF-8. */
function decodeChunk(decoder: TextDecoder, bytes: Uint8Array | undefined): string | undefined {
  try {
    return decoder.decode(bytes, { stream: bytes !== undefined })
  } catch {
    return undefined
  }
}

async function readStreamed(request: Request, limit: number): Promise<BodyResult> {
  const reader = request.body?.getReader()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let size = 0
  let text = ''
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array> | undefined
    try {
      chunk = await reader?.read()
    } catch {
      return unreadable(UNREADABLE)
    }
    const bytes = chunk?.value
    size += bytes?.byteLength ?? 0
    const more = size > limit ? undefined : decodeChunk(decoder, bytes)
    if (more === undefined) {
      // Refused: what is left is read and thrown away.
      if (reader && !chunk?.done) await discardRest(reader, size)
      return size > limit ? tooLarge(limit) : unreadable(NOT_UTF8)
    }
    text += more
    if (!bytes) return { ok: true, text }
  }
}

/**
 * Reads what is left of a request body and throws it away (up to `MAX_DISCARDED_BYTES`), before refusing the
 * request without reading it. Answering while the client is still sending breaks the exchange: Node resets
 * the connection (the client sees a network error, not the refusal), and workerd closes the connection of a
 * body that was taken but not read to its end (`wrangler dev` then answers 503 "Your worker restarted
 * mid-request", also to the next request). Cancelling instead of reading does not help on workerd: it breaks
 * the connection the same way. Never rejects.
 */
export async function discardBody(request: Request): Promise<void> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  try {
    reader = request.bodyUsed ? undefined : request.body?.getReader()
  } catch {
    return // locked by someone else: theirs to finish
  }
  if (reader) await discardRest(reader, 0)
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, size: number): Promise<void> {
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      size += value.byteLength
      if (size > MAX_DISCARDED_BYTES) return await reader.cancel()
    }
  } catch {
    // the body failed: nothing more to read
  }
}

/**
 * Whether a request declares a body (a non-zero Content-Length, or Transfer-Encoding), read from its headers
 * alone: on @hono/node-server, touching `request.body` builds a whole web Request.
 */
export function declaresBody(headers: HeaderReader): boolean {
  const length = headers.get('content-length')
  return (length !== null && length !== '0') || headers.has('transfer-encoding')
}

/** `errorResponse` for a request refused before its body was read: the body is discarded first. */
export function refuse(
  request: Request,
  error: ProtocolError,
  id: RequestId | null = null,
  headers?: Readonly<Record<string, string>>,
): Promise<Response> {
  return discardBody(request).then(() => errorResponse(error, id, headers))
}
