import {
  HEADER_MISMATCH,
  INVALID_REQUEST,
  MISSING_CLIENT_CAPABILITY,
  PARSE_ERROR,
  UNSUPPORTED_PROTOCOL_VERSION,
} from './codes.js'
import type { ProtocolError } from './protocol-error.js'

/**
 * The one table from JSON-RPC errors to HTTP statuses used by every HTTP transport. Errors that reject the
 * request as a whole are 4xx (2026-07-28 basic/transports/streamable-http "Server Validation", basic/index
 * "_meta"); errors a method produced travel in a 200 like any JSON-RPC response.
 */
const BAD_REQUEST_CODES: readonly number[] = [
  PARSE_ERROR,
  INVALID_REQUEST,
  HEADER_MISMATCH,
  MISSING_CLIENT_CAPABILITY,
  UNSUPPORTED_PROTOCOL_VERSION,
]

export function httpStatusFor(error: Pick<ProtocolError, 'code' | 'httpStatus'>): number {
  return error.httpStatus ?? (BAD_REQUEST_CODES.includes(error.code) ? 400 : 200)
}

/** HTTP statuses of transport-level failures, named once. */
export const HttpStatus = {
  ok: 200,
  accepted: 202,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  notAcceptable: 406,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  internal: 500,
} as const
