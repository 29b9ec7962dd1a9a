// @edgemcp/core public API. Hand-written: adding an export is an API decision.

// JSON-RPC
export { decodeMessage, encodeMessage, isBatch, parseJson, readId } from './jsonrpc/codec.js'
export type { DecodeResult, ParsedBody } from './jsonrpc/codec.js'
export { isErrorResponse, isNotification, isRequest, isResponse } from './jsonrpc/types.js'
export type {
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
  RequestId,
} from './jsonrpc/types.js'

// Errors
export { ErrorCode } from './errors/codes.js'
export { HttpStatus, httpStatusFor } from './errors/http-status.js'
export { ConnectionClosedError, McpLocalError, RequestTimeoutError } from './errors/local-error.js'
export type { LocalErrorKind } from './errors/local-error.js'
export { toProtocolError } from './errors/normalize.js'
export {
  HeaderMismatchError,
  internalError,
  invalidParams,
  invalidRequest,
  methodNotFound,
  MissingClientCapabilityError,
  parseError,
  ProtocolError,
  ResourceNotFoundError,
  UnsupportedProtocolVersionError,
  UrlElicitationRequiredError,
} from './errors/protocol-error.js'

// Protocol versions and _meta
export {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
  requestedModernVersion,
} from './protocol/meta.js'
export {
  isLegacyVersion,
  isModernVersion,
  isSupportedVersion,
  LATEST_LEGACY_VERSION,
  LATEST_VERSION,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  negotiateLegacyVersion,
  SUPPORTED_VERSIONS,
} from './protocol/versions.js'
export type { LegacyVersion, ModernVersion, ProtocolVersion } from './protocol/versions.js'

// Server
export { McpServer } from './server/mcp-server.js'
export type { McpServerOptions } from './server/options.js'
export type { ServerEvent } from './server/core.js'
export type { ListKind } from './server/registry.js'
export type { Connection } from './server/connect.js'
export type { HandleOptions, HandleResult } from './server/handle.js'
export type { AbortSignalLike } from './server/request-abort.js'
export type { Registration } from './server/registry.js'
export { ServerSession } from './server/session.js'
export { sessionBelongsTo } from './server/session-owner.js'
export type { PrincipalBoundSession } from './server/session-owner.js'
export type { Outbound, SessionSnapshot } from './server/session.js'
export { UriTemplate } from './server/uri-template.js'
export type { UriVariables } from './server/uri-template.js'
export type { JsonSchema, SchemaInput } from './server/schema-validation.js'
export type {
  InferJsonSchema,
  StructuredContentOf,
  ToolArguments,
  ToolResult,
} from './server/json-schema-types.js'
export type * from './server/types.js'
export { LOGGING_LEVELS } from './server/types.js'

// Transports
export type { Transport } from './transport/transport.js'
export { InMemoryTransport } from './transport/in-memory.js'

// Spec types of every revision, generated from the official schemas (e.g. Rev2026_07_28.CallToolResult)
export type {
  Rev2024_11_05,
  Rev2025_03_26,
  Rev2025_06_18,
  Rev2025_11_25,
  Rev2026_07_28,
} from './types/index.js'

// Client
export { McpClient } from './client/mcp-client.js'
export type { AuthChallenge, AuthProvider, AuthRequest } from './client/auth-provider.js'
// Client HTTP transports: the error of a refused HTTP request and the budgets of a server's answers
export { McpHttpError } from './client/http-error.js'
export type { McpHttpErrorInit } from './client/http-error.js'
export {
  DEFAULT_MAX_HEADER_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  ResponseTooLargeError,
} from './client/response-limits.js'
export type { ResponseLimits } from './client/response-limits.js'
export type {
  CacheMode,
  CallToolParams,
  ClientHandlers,
  ClientResultCache,
  ClientRequestOptions,
  ClientTransport,
  CompleteParams,
  CompleteResult,
  DiscoverResult,
  ElicitHandler,
  Era,
  GetPromptParams,
  InputContext,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListRootsHandler,
  ListToolsResult,
  McpClientOptions,
  NotificationHandler,
  PaginatedResult,
  ProgressCallback,
  ProgressInfo,
  Prompt,
  ProtocolChoice,
  Resource,
  ResourceTemplate,
  Result,
  SampleHandler,
  ServerNotification,
  Subscription,
  SubscriptionFilter,
  TaskClient,
  TaskWaiter,
  Tool,
} from './client/types.js'
