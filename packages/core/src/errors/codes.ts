// Each code is also a constant of its own: a bundler inlines those numbers where the engine uses them.

/** JSON-RPC 2.0 standard errors. */
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
/** Resource not found, 2024-11-05 … 2025-11-25. From 2026-07-28 it is InvalidParams. */
export const RESOURCE_NOT_FOUND = -32002
/** URL elicitation required (2025-11-25 only). */
export const URL_ELICITATION_REQUIRED = -32042
/** 2026-07-28: an Mcp-Method / Mcp-Name header disagrees with the body. */
export const HEADER_MISMATCH = -32020
/** 2026-07-28: the request needs a client capability it did not declare. */
export const MISSING_CLIENT_CAPABILITY = -32021
/** 2026-07-28: the requested protocol version is not supported. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022
/** Implementation-defined (legacy range): the request was cancelled or timed out locally. */
export const REQUEST_TIMEOUT = -32001

/** JSON-RPC 2.0 standard error codes and the MCP codes of each revision. */
export const ErrorCode = {
  ParseError: PARSE_ERROR,
  InvalidRequest: INVALID_REQUEST,
  MethodNotFound: METHOD_NOT_FOUND,
  InvalidParams: INVALID_PARAMS,
  InternalError: INTERNAL_ERROR,
  ResourceNotFound: RESOURCE_NOT_FOUND,
  UrlElicitationRequired: URL_ELICITATION_REQUIRED,
  HeaderMismatch: HEADER_MISMATCH,
  MissingRequiredClientCapability: MISSING_CLIENT_CAPABILITY,
  UnsupportedProtocolVersion: UNSUPPORTED_PROTOCOL_VERSION,
  RequestTimeout: REQUEST_TIMEOUT,
} as const

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]
