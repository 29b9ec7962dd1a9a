import type { McpServer } from '@edgemcp/core'
import {
  createMcpFetchHandler,
  type McpFetch,
  type McpFetchHandler,
  type McpRequestContext,
} from '@edgemcp/streamable-http'
import { fetchHandler, withNodeClientAddress } from '@edgemcp/streamable-http/internal'
import {
  type AutoEndpointControls,
  type AutoHandlerOptions,
  autoServe,
  autoSseEndpoint,
  withAutoControls,
} from './auto-endpoint.js'
import { sseStoresFor } from './sse-sessions.js'

/** Options of `createAutoFetchHandler`: hooks get an `McpRequestContext`. */
export type AutoFetchHandlerOptions = AutoHandlerOptions<McpRequestContext>

/** Both transports on one path as a fetch handler, plus the controls of each side. */
export type AutoFetchHandler = McpFetch & AutoEndpointControls<McpFetchHandler>

/**
 * `createAutoHandler` without Hono: a `fetch(request, env?, ctx?)` serving Streamable HTTP and the legacy
 * HTTP+SSE transport on the path it is given requests for (route them to it yourself; the `endpoint` event
 * names the request's path). Hooks get an `McpRequestContext` (see `createMcpFetchHandler`).
 */
export function createAutoFetchHandler(
  server: McpServer,
  options: AutoFetchHandlerOptions = {},
): AutoFetchHandler {
  const { endpoint, streamableOptions } = autoSseEndpoint(
    server,
    withNodeClientAddress(options),
    sseStoresFor(options),
  )
  const streamable = createMcpFetchHandler(server, streamableOptions)
  return withAutoControls(fetchHandler(autoServe(endpoint, streamable)), endpoint, streamable)
}
