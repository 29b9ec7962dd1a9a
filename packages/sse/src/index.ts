// @edgemcp/sse public API: the legacy HTTP+SSE transport (2024-11-05) on web standards.

// Server
export { createSseHandler } from './server/sse-handler.js'
export type { SseHandler } from './server/sse-handler.js'
export { createAutoHandler } from './server/auto-handler.js'
export type { AutoEndpointControls, AutoHandler, AutoHandlerOptions } from './server/auto-handler.js'
export { createAutoFetchHandler } from './server/auto-fetch-handler.js'
export type { AutoFetchHandler, AutoFetchHandlerOptions } from './server/auto-fetch-handler.js'
export type { SseHandlerOptions } from './server/options.js'
export type { SseMessageReceiver, SseSessionStore } from './server/sse-relay.js'

// Client
export { SseClientTransport } from './client/sse-client-transport.js'
export type { HeadersSource, SseClientTransportOptions } from './client/sse-client-transport.js'
export { connectWithFallback, FALLBACK_STATUSES, FallbackClientTransport } from './client/fallback.js'
export type { FallbackTransportOptions, TransportKind } from './client/fallback.js'
