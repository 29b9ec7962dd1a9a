// @edgemcp/streamable-http public API (web-standard). Node-only helpers live in './node.ts'.

// Server
export { createMcpHandler } from './handler.js'
export type { McpHandler } from './handler.js'
export { createMcpFetchHandler } from './fetch-handler.js'
export type { McpFetchHandler } from './fetch-handler.js'
export { createMcpEndpoint } from './endpoint.js'
export type { McpEndpointControls } from './endpoint.js'
export { FetchContext, fetchHandler } from './request-context.js'
export type { McpFetch, McpRequestContext, WaitUntilContext } from './request-context.js'
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_BYTES } from './options.js'
export type { McpFetchHandlerOptions, McpHandlerOptions, RequestAuth } from './options.js'
export { InMemorySessionStore } from './session-store.js'
export type { InMemorySessionStoreOptions, SessionStore } from './session-store.js'
export { canReplayAfter, eventIdOf, InMemoryEventStore, parseEventId } from './event-store.js'
export type { EventStore, InMemoryEventStoreOptions, StoredEvent, StreamInfo } from './event-store.js'
export { StoreUnavailableError } from './store-error.js'
export { cors, MCP_EXPOSED_HEADERS, MCP_REQUEST_HEADERS } from './cors.js'
export type { McpCorsOptions } from './cors.js'
export { checkHost, checkRequestOrigin, isLoopbackHost, isLoopbackOrigin } from './security.js'
export type { Allowlist, RequestGuardOptions } from './security.js'

// Client
export { StreamableHttpClientTransport } from './client/transport.js'
export type { StreamableHttpClientTransportOptions } from './client/options.js'
export { SessionExpiredError } from './client/errors.js'
export { authorizedFetch } from './client/authorized-fetch.js'
export type { FetchLike } from './client/authorized-fetch.js'

// Wire helpers shared by both sides
export { decodeHeaderValue, encodeHeaderValue } from './header-value.js'
export type { DecodedHeaderValue } from './header-value.js'
export { headerBindings } from './x-mcp-header.js'
export type { HeaderBinding, HeaderBindings } from './x-mcp-header.js'
export { formatSseEvent } from './sse-format.js'
export type { SseFields } from './sse-format.js'
export { SseParser } from './sse-parser.js'
export type { SseEvent, SseParserCallbacks } from './sse-parser.js'

// Building blocks of an HTTP transport, shared with @edgemcp/sse (same refusals, limits and SSE framing)
export { accepts, isJsonContentType } from './accept.js'
export { discardBody, keepBodyRefusal, MAX_DISCARDED_BYTES, peekBody, readBody, refuse } from './body.js'
export type { BodyResult } from './body.js'
export { errorResponse, transportError } from './http-error.js'
export { unavailableResponse } from './store-error.js'
export { changesSession } from './session-change.js'
export { SSE_HEADERS } from './sse-connection.js'
/**
 * Internal-ish: the web-stream SSE connection both transports' streams are built on (@edgemcp/sse's legacy
 * stream extends it). Its protected members may change with any release; not for applications.
 */
export { WebSseConnection } from './sse-connection.js'
export type { CloseReason, ConnectOptions, SseConnection, SseConnectionOwner } from './sse-connection.js'
export { formatSseComment } from './sse-format.js'
export { waitUntilOf } from './wait-until.js'
export { ClientLimits, clientKeyOf, nodeRemoteAddress, overLimit, RETRY_AFTER } from './admission.js'
export type { ByteBudget, ClientLimitOptions } from './admission.js'
