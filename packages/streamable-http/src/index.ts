// @edgemcp/streamable-http public API (web-standard). Hand-written: adding an export is an API decision.
// Node-only helpers live in './node.ts'; building blocks for sibling transports in './internal.ts'.

// Server
export { createMcpHandler } from './handler.js'
export type { McpHandler } from './handler.js'
export { createMcpFetchHandler } from './fetch-handler.js'
export type { McpFetchHandler } from './fetch-handler.js'
export type { McpEndpointControls } from './endpoint.js'
export type { McpFetch, McpRequestContext, WaitUntilContext } from './request-context.js'
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_BYTES } from './options.js'
export type { McpFetchHandlerOptions, McpHandlerOptions, RequestAuth } from './options.js'
export { InMemorySessionStore } from './session-store.js'
export type { InMemorySessionStoreOptions, SessionStore } from './session-store.js'
export { InMemoryEventStore } from './event-store.js'
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
