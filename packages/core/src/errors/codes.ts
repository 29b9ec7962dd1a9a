/** JSON-RPC 2.0 standard error codes and the MCP codes of each revision. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Resource not found, 2024-11-05 … 2025-11-25. From 2026-07-28 it is InvalidParams. */
  ResourceNotFound: -32002,
  /** URL elicitation required (2025-11-25 only). */
  UrlElicitationRequired: -32042,
  /** 2026-07-28: an Mcp-Method / Mcp-Name header disagrees with the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability it did not declare. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the requested protocol version is not supported. */
  UnsupportedProtocolVersion: -32022,
  /** Implementation-defined (legacy range): the request was cancelled or timed out locally. */
  RequestTimeout: -32001,
} as const

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]
