import { isObject, type RequestId } from '@edgemcp/core'
import { StreamableHttpError } from './errors.js'

/**
 * The messages of a JSON answer to a POST. A JSON-RPC error for one of our requests is an answer whatever the
 * HTTP status (400 HeaderMismatch, 404 -32601, …); any other non-2xx answer, or a body that is not JSON, is a
 * StreamableHttpError.
 */
export function answerMessages(response: Response, text: string, pending: ReadonlySet<RequestId>): unknown[] {
  const type = response.headers.get('content-type') ?? ''
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new StreamableHttpError(
      `Unexpected HTTP ${response.status} answer (${type || 'no content type'})`,
      {
        status: response.status,
        body: text,
      },
    )
  }
  const values = Array.isArray(value) ? value : [value]
  const answersUs = values.some((v) => isObject(v) && pending.has(v.id as RequestId))
  if (!response.ok && !answersUs)
    throw new StreamableHttpError(`HTTP ${response.status}: ${text.slice(0, 200)}`, {
      status: response.status,
      body: text,
    })
  return values
}
