import type { McpServer } from '@edgemcp/core'
import type { Hono } from 'hono/tiny'
import { createMcpHandler, type McpHandler } from '@edgemcp/streamable-http'
import { newHono, withNodeClientAddress } from '@edgemcp/streamable-http/internal'
import {
  type AutoEndpointControls,
  type AutoHandlerOptions,
  autoServe,
  autoSseEndpoint,
  withAutoControls,
} from './auto-endpoint.js'
import { sseStoresFor } from './sse-sessions.js'

export type { AutoEndpointControls, AutoHandlerOptions } from './auto-endpoint.js'

/** One endpoint serving both transports, plus the controls of each side. */
export type AutoHandler = Hono & AutoEndpointControls<McpHandler>

/**
 * Streamable HTTP and the legacy HTTP+SSE transport on one path, as 2025-03-26 basic/transports "Backwards
 * Compatibility" allows: a GET that accepts `text/event-stream` and carries no `Mcp-Session-Id` opens a legacy
 * SSE stream whose `endpoint` event points back at this path with `?sessionId=`; a POST with `?sessionId=` is a
 * legacy message. Everything else (POST, GET and DELETE of Streamable HTTP) goes to `createMcpHandler`. A
 * modern client that falls back on 400/404/405 and an old client that only speaks SSE both work at one URL.
 * Without Hono, see `createAutoFetchHandler`.
 *
 * @example
 * const app = new Hono().route('/mcp', createAutoHandler(server))
 */
export function createAutoHandler(server: McpServer, options: AutoHandlerOptions = {}): AutoHandler {
  const app = newHono('createAutoHandler')
  const { endpoint, streamableOptions } = autoSseEndpoint(
    server,
    withNodeClientAddress(options),
    sseStoresFor(options),
  )
  const streamable = createMcpHandler(server, streamableOptions)
  const serve = autoServe(endpoint, streamable)
  app.all('/', (c) => serve(c))
  return withAutoControls(app, endpoint, streamable)
}
