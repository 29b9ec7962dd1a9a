/**
 * What this package shares with @edgemcp/streamable-http: imported from its public entry. The few helpers
 * below it does not export (yet) are kept here, small, to be replaced by its exports.
 */
import { ErrorCode, HttpStatus, httpStatusFor, ProtocolError, type RequestId } from '@edgemcp/core'

export {
  type Allowlist,
  checkRequestOrigin,
  createMcpHandler,
  formatSseEvent,
  InMemorySessionStore,
  type McpHandler,
  type McpHandlerOptions,
  type RequestAuth,
  type SessionStore,
  SseParser,
  type SseEvent,
  StreamableHttpClientTransport,
  type StreamableHttpClientTransportOptions,
} from '@edgemcp/streamable-http'

/** An SSE comment line (keep-alive): clients ignore it. */
export const formatSseComment = (text = ''): string => `: ${text.replace(/[\r\n]/g, ' ')}\n\n`

/** A transport-level rejection: a JSON-RPC error that also names the HTTP status to answer with. */
export const transportError = (status: number, message: string, code: number = ErrorCode.InvalidRequest) =>
  new ProtocolError(code, message, undefined, status)

/** The HTTP response for a rejected request: a JSON-RPC error response, status from core's table. */
export function errorResponse(error: ProtocolError, id: RequestId | null = null): Response {
  return new Response(JSON.stringify(error.toResponse(id)), {
    status: httpStatusFor(error),
    headers: { 'Content-Type': 'application/json' },
  })
}

/** Whether a `Content-Type` header names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(header: string | null | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** Whether an `Accept` header admits `text/event-stream` (directly or by wildcard, and not with q=0). */
export function acceptsEventStream(header: string | null | undefined): boolean {
  if (!header) return false
  let best = -1
  let q = 0
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';')
    const r = range.trim().toLowerCase()
    const specificity = r === 'text/event-stream' ? 2 : r === 'text/*' ? 1 : r === '*/*' ? 0 : -1
    if (specificity <= best) continue
    best = specificity
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='))
    q = qParam === undefined ? 1 : Number(qParam.slice(2))
  }
  return best >= 0 && q > 0
}

export type BodyResult = { ok: true; text: string } | { ok: false; error: ProtocolError }

/** Reads a body as UTF-8, refusing more than `limit` bytes (by Content-Length, and by counting). */
export async function readBody(request: Request, limit: number): Promise<BodyResult> {
  const tooLarge = (): BodyResult => ({
    ok: false,
    error: transportError(HttpStatus.payloadTooLarge, `Request body exceeds ${limit} bytes`),
  })
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return tooLarge()
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
        return tooLarge()
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
