import type { McpServer } from '@edgemcp/core'
import { withNodeClientAddress } from './admission.js'
import { storesOf } from './default-stores.js'
import { createMcpEndpoint, type McpEndpointControls } from './endpoint.js'
import type { McpFetchHandlerOptions } from './options.js'
import { fetchHandler, type McpFetch } from './request-context.js'

/** The Streamable HTTP endpoint as a fetch handler, plus the controls of `createMcpHandler`. */
export type McpFetchHandler = McpFetch & McpEndpointControls

/**
 * The Streamable HTTP endpoint of `createMcpHandler` without Hono: a `fetch(request, env?, ctx?)` that answers
 * every request it is given the same way (route it to the MCP path yourself). Hooks (`authenticate`,
 * `sessionId`, `waitUntil`) get an `McpRequestContext`: `c.req.raw`, `c.req.header(name)`, `c.env` and
 * `c.executionCtx` as on a Hono `Context`. SSE goes out as web streams (no direct node:http path).
 *
 * @example
 * const mcp = createMcpFetchHandler(server)
 * export default { fetch: (request, env, ctx) => mcp(request, env, ctx) }
 */
export function createMcpFetchHandler(
  server: McpServer,
  options: McpFetchHandlerOptions = {},
): McpFetchHandler {
  const stores = storesOf(options)
  const { serve, closeSseStream } = createMcpEndpoint(server, withNodeClientAddress(options), stores)
  return Object.assign(fetchHandler(serve), { sessions: stores.sessions, closeSseStream, serve })
}
