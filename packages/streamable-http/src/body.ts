import { ErrorCode, HttpStatus, type ProtocolError } from '@edgemcp/core'
import { transportError } from './http-error.js'

export type BodyResult = { ok: true; text: string } | { ok: false; error: ProtocolError }

const tooLarge = (limit: number) =>
  ({
    ok: false,
    error: transportError(HttpStatus.payloadTooLarge, `Request body exceeds ${limit} bytes`),
  }) as const

/**
 * Reads a request body as UTF-8 text, refusing more than `limit` bytes: by `Content-Length` before reading,
 * and by counting while reading (a chunked body, or a lying header).
 */
export async function readBody(request: Request, limit: number): Promise<BodyResult> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return tooLarge(limit)
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
    const detail = e instanceof TypeError ? 'body is not valid UTF-8' : 'body could not be read'
    return {
      ok: false,
      error: transportError(HttpStatus.badRequest, `Parse error: ${detail}`, ErrorCode.ParseError),
    }
  }
}
