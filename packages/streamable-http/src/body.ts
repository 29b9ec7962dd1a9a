import { ErrorCode, HttpStatus, type ProtocolError } from '@edgemcp/core'
import { transportError } from './http-error.js'

export type BodyResult = { ok: true; text: string } | { ok: false; error: ProtocolError }

const tooLarge = (limit: number): BodyResult => ({
  ok: false,
  error: transportError(HttpStatus.payloadTooLarge, `Request body exceeds ${limit} bytes`),
})

const unreadable = (detail: string): BodyResult => ({
  ok: false,
  error: transportError(HttpStatus.badRequest, `Parse error: ${detail}`, ErrorCode.ParseError),
})

/** Decodes whole bodies; without `stream`, each `decode` call starts afresh, so one instance serves all. */
const wholeDecoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes: by `Content-Length` before reading,
 * and by counting while reading (a chunked body, or a lying header).
 *
 * With a `Content-Length` within the limit the body is read in one go (`arrayBuffer()`: runtimes frame the
 * body by that header, and @hono/node-server reads it without building a web stream); its size is checked
 * again after reading. Without one the body is streamed and counted chunk by chunk.
 */
export function readBody(request: Request, limit: number): Promise<BodyResult> {
  const declared = request.headers.get('content-length')
  if (declared !== null) {
    const size = Number(declared)
    if (size > limit) return Promise.resolve(tooLarge(limit))
    if (Number.isSafeInteger(size) && size >= 0) return readWhole(request, limit)
  }
  return readStreamed(request, limit)
}

async function readWhole(request: Request, limit: number): Promise<BodyResult> {
  let bytes: ArrayBuffer
  try {
    bytes = await request.arrayBuffer()
  } catch {
    return unreadable('body could not be read')
  }
  if (bytes.byteLength > limit) return tooLarge(limit)
  try {
    return { ok: true, text: wholeDecoder.decode(bytes) }
  } catch {
    return unreadable('body is not valid UTF-8')
  }
}

async function readStreamed(request: Request, limit: number): Promise<BodyResult> {
  if (!request.body) return { ok: true, text: '' }
  const reader = request.body.getReader()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let size = 0
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        await reader.cancel().catch(() => {})
        return tooLarge(limit)
      }
      text += decoder.decode(value, { stream: true })
    }
    return { ok: true, text: text + decoder.decode() }
  } catch (e) {
    return unreadable(e instanceof TypeError ? 'body is not valid UTF-8' : 'body could not be read')
  }
}
