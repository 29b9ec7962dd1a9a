import { httpStatusFor, ProtocolError, type RequestId } from '@edgemcp/core'

/**
 * A transport-level rejection: a JSON-RPC error (default -32600, Invalid Request) that also names the HTTP
 * status to answer with. (Codes as numbers: core's `ErrorCode` object then stays out of bundles.)
 */
export const transportError = (status: number, message: string, code = -32600) =>
  new ProtocolError(code, message, undefined, status)

/** The HTTP response for a rejected request: a JSON-RPC error response, status from core's one table. */
export function errorResponse(
  error: ProtocolError,
  id: RequestId | null = null,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(JSON.stringify(error.toResponse(id)), {
    status: httpStatusFor(error),
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}
