import { McpHttpError, McpLocalError, type RequestId } from '@edgemcp/core'
import { HTTP_ERROR_BODY_BYTES, isObject, readLimitedText } from '@edgemcp/core/internal'

export interface AnswerContext {
  method: string
  url: string
  /** Request ids waiting for an answer in this response. */
  pending: ReadonlySet<RequestId>
  maxMessageBytes: number
}

const isJson = (type: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(type.trim())

/**
 * The messages of a non-SSE answer to a POST. A JSON-RPC error for one of our requests is an answer whatever
 * the HTTP status (400 HeaderMismatch, 404 -32601, …); any other 4xx/5xx is an McpHttpError. A 2xx body that
 * is not JSON is an error of the server. Bodies over `maxMessageBytes` are refused unread.
 */
export async function answerMessages(response: Response, ctx: AnswerContext): Promise<unknown[]> {
  const type = response.headers.get('content-type') ?? ''
  const request = { method: ctx.method, url: ctx.url }
  if (!response.ok && !isJson(type)) throw await McpHttpError.fromResponse(response, request)
  const text = await readLimitedText(
    response,
    { label: `The ${response.ok ? 'JSON answer' : `HTTP ${response.status} answer`}`, url: ctx.url },
    ctx.maxMessageBytes,
  )
  if (response.ok && text === '' && ctx.pending.size === 0) return []
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    if (!response.ok) throw httpError(response, request, text)
    throw new McpLocalError(
      'remote',
      `The server answered ${ctx.method} with HTTP ${response.status} ${type || 'and no content type'} that is not JSON: ${text.slice(0, 200)}`,
    )
  }
  const values = Array.isArray(value) ? value : [value]
  const answersUs = values.some((v) => isObject(v) && ctx.pending.has(v.id as RequestId))
  if (!response.ok && !answersUs) throw httpError(response, request, text)
  return values
}

const httpError = (response: Response, request: { method: string; url: string }, text: string) =>
  new McpHttpError({
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    ...request,
    body: text.slice(0, HTTP_ERROR_BODY_BYTES),
  })
