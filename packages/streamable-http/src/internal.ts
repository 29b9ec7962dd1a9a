// @edgemcp/streamable-http/internal: building blocks shared with @edgemcp/sse and @edgemcp/workers (the same
// refusals, limits, SSE framing and endpoint, a client's resend of a refused POST). NOT public API: anything here may change in any release.

export { createMcpEndpoint } from './endpoint.js'
export { newHono } from './hono.js'
export { parseBody, unsupportedMediaType } from './post.js'
export { resolveOptions } from './options.js'
export type { ResolvedOptions } from './options.js'
export { FetchContext, fetchHandler } from './request-context.js'
export { canReplayAfter, eventIdOf, parseEventId } from './event-store.js'
export { decodeHeaderValue, encodeHeaderValue } from './header-value.js'
export type { DecodedHeaderValue } from './header-value.js'
export { headerBindings } from './x-mcp-header.js'
export type { HeaderBinding, HeaderBindings } from './x-mcp-header.js'
export { formatSseComment, formatSseEvent } from './sse-format.js'
export type { SseFields } from './sse-format.js'
export { SseEventTooLargeError, SseParser } from './sse-parser.js'
export type { SseEvent, SseParserCallbacks, SseParserOptions } from './sse-parser.js'
export { accepts, isJsonContentType } from './accept.js'
export { discardBody, MAX_DISCARDED_BYTES, peekBody, readBody, refuse } from './body.js'
export type { BodyResult } from './body.js'
export { errorResponse, transportError } from './http-error.js'
export { changesSession } from './session-change.js'
export { usableSession } from './usable-session.js'
export { SSE_HEADERS, WebSseConnection, webConnect } from './sse-connection.js'
export type { CloseReason, ConnectOptions, SseConnection, SseConnectionOwner } from './sse-connection.js'
export { waitUntilOf } from './wait-until.js'
export { FLEET_SEAMS, storeFailure } from './fleet.js'
export type { FleetSeams } from './fleet.js'
export type { EndpointStores } from './default-stores.js'
export {
  ClientLimits,
  clientKeyOf,
  nodeRemoteAddress,
  overLimit,
  RETRY_AFTER,
  sessionClientOf,
  storeRefusal,
  withNodeClientAddress,
} from './admission.js'
export type { ByteBudget, ClientLimitOptions } from './admission.js'
export { waitToResend } from './client/retry-after.js'
export type { ResendPolicy } from './client/retry-after.js'
