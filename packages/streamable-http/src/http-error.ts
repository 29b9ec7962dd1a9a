import { ErrorCode, httpStatusFor, ProtocolError, type RequestId } from '@edgemcp/core'

/** A transport-level rejection: a JSON-RPC error that also names the HTTP status to answer with. */
export const transportError = (status: number, message: string, code: number = ErrorCode.InvalidRequest) =>
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
