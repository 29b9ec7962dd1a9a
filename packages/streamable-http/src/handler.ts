import type { McpServer } from '@edgemcp/core'
import type { Hono } from 'hono/tiny'
import { withNodeClientAddress } from './admission.js'
import { storesOf } from './default-stores.js'
import { Endpoint, type McpEndpointControls } from './endpoint.js'
import { newHono } from './hono.js'
import { nodeConnect } from './node-sse-connection.js'
import { type McpHandlerOptions, resolveOptions } from './options.js'

/** The Hono app serving one MCP endpoint at its root path, plus a few controls. */
export type McpHandler = Hono & McpEndpointControls

/**
 * The Streamable HTTP endpoint for an McpServer, serving both eras at `/` of the returned Hono app:
 * 2026-07-28 stateless requests (validated mirrored headers, SSE for streamed answers and
 * `subscriptions/listen`) and 2025-03-26 … 2025-11-25 sessions (Mcp-Session-Id, standalone GET stream,
 * `Last-Event-ID` resumption, DELETE). Hooks get Hono's `Context`. Without Hono, see `createMcpFetchHandler`.
 *
 * On @hono/node-server, SSE streams are written straight to the node:http response.
 *
 * @example
 * const mcp = createMcpHandler(server)
 * const app = new Hono().route('/mcp', mcp)   // or: export default { fetch: mcp.fetch }
 */
export function createMcpHandler(server: McpServer, options: McpHandlerOptions = {}): McpHandler {
  const stores = storesOf(options)
  const endpoint = new Endpoint(server, resolveOptions(withNodeClientAddress(options)), stores)
  nodeConnect(endpoint)
  const { serve, closeSseStream } = endpoint
  const app = newHono('createMcpHandler')
  // One route, one handler: Hono calls it directly (no middleware chain).
  app.all('/', (c) => serve(c))
  return Object.assign(app, { sessions: stores.sessions, closeSseStream, serve })
}
