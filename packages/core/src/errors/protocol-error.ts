import type { JsonRpcErrorObject, JsonRpcErrorResponse, RequestId } from '../jsonrpc/types.js'
import {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  MISSING_CLIENT_CAPABILITY,
  PARSE_ERROR,
  RESOURCE_NOT_FOUND,
  UNSUPPORTED_PROTOCOL_VERSION,
  URL_ELICITATION_REQUIRED,
} from './codes.js'

/**
 * An error that goes over the wire as a JSON-RPC error. It knows its own code, message and data; the HTTP
 * status a transport should use comes from `httpStatusFor` (one table for the whole project).
 */
export class ProtocolError extends Error {
  override readonly name: string = 'ProtocolError'
  // Assigned in the constructor; `declare` keeps the compiled class from defining them a second time.
  declare readonly code: number
  declare readonly data: unknown
  /** Set when the error rejects the whole HTTP request (e.g. 400 for a malformed `_meta`). */
  declare readonly httpStatus: number | undefined

  constructor(code: number, message: string, data?: unknown, httpStatus?: number) {
    super(message)
    this.code = code
    this.data = data
    this.httpStatus = httpStatus
  }

  toErrorObject(): JsonRpcErrorObject {
    const error: JsonRpcErrorObject = { code: this.code, message: this.message }
    if (this.data !== undefined) error.data = this.data
    return error
  }

  toResponse(id: RequestId | null | undefined): JsonRpcErrorResponse {
    const error = this.toErrorObject()
    return id === undefined || id === null ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error }
  }
}

/** The ProtocolError of an error a peer sent. */
export const fromErrorObject = (e: JsonRpcErrorObject) => new ProtocolError(e.code, e.message, e.data)

export const parseError = (detail?: string) =>
  new ProtocolError(PARSE_ERROR, `Parse error${detail ? `: ${detail}` : ''}`)
export const invalidRequest = (detail: string) =>
  new ProtocolError(INVALID_REQUEST, `Invalid request: ${detail}`)
export const methodNotFound = (method: string) =>
  new ProtocolError(METHOD_NOT_FOUND, `Method not found: ${method}`)
/** Invalid params, naming the offending field (a JSON pointer-ish path such as `arguments.count`). */
export const invalidParams = (detail: string, field?: string) =>
  new ProtocolError(
    INVALID_PARAMS,
    `Invalid params: ${field ? `${field}: ` : ''}${detail}`,
    field ? { field } : undefined,
  )
export const internalError = (detail = 'Internal error') => new ProtocolError(INTERNAL_ERROR, detail)

/** 2026-07-28 `UnsupportedProtocolVersionError` (-32022), listing what we support. */
export class UnsupportedProtocolVersionError extends ProtocolError {
  override readonly name = 'UnsupportedProtocolVersionError'
  constructor(requested: unknown, supported: readonly string[]) {
    super(UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', {
      supported: [...supported],
      requested: String(requested),
    })
  }
}

/** 2026-07-28 `HeaderMismatchError` (-32020). */
export class HeaderMismatchError extends ProtocolError {
  override readonly name = 'HeaderMismatchError'
  constructor(header: string, headerValue: string | null, bodyValue: string | undefined) {
    super(
      HEADER_MISMATCH,
      `Header mismatch: ${header} header value '${headerValue ?? ''}' does not match body value '${bodyValue ?? ''}'`,
    )
  }
}

/** 2026-07-28 `MissingRequiredClientCapabilityError` (-32021). */
export class MissingClientCapabilityError extends ProtocolError {
  override readonly name = 'MissingClientCapabilityError'
  constructor(requiredCapabilities: Record<string, unknown>) {
    super(
      MISSING_CLIENT_CAPABILITY,
      `Missing required client capability: ${Object.keys(requiredCapabilities).join(', ')}`,
      { requiredCapabilities },
    )
  }
}

/** Resource not found: -32002 before 2026-07-28, -32602 from it. */
export class ResourceNotFoundError extends ProtocolError {
  override readonly name = 'ResourceNotFoundError'
  constructor(uri: string, code: number = RESOURCE_NOT_FOUND) {
    super(code, `Resource not found: ${uri}`, { uri })
  }
}

/** 2025-11-25 URL elicitation required (-32042). */
export class UrlElicitationRequiredError extends ProtocolError {
  override readonly name = 'UrlElicitationRequiredError'
  constructor(elicitations: Array<Record<string, unknown>>, message = 'URL elicitation required') {
    super(URL_ELICITATION_REQUIRED, message, { elicitations })
  }
}
