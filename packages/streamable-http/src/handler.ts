import type { McpServer, RequestId } from '@edgemcp/core'
import { Hono } from 'hono/tiny'
import { InMemoryEventStore } from './event-store.js'
import { refuse } from './body.js'
import { ALLOW, handleDelete, handleGet, methodNotAllowedError } from './get-delete.js'
import { type McpHandlerOptions, resolveOptions } from './options.js'
import { handlePost } from './post.js'
import { checkRequestOrigin } from './security.js'
import { InMemorySessionStore, type SessionStore } from './session-store.js'
import { HandlerState } from './state.js'

/** The Hono app serving one MCP endpoint at its root path, plus a few controls. */
export type McpHandler = Hono & {
  /** Where legacy sessions live. */
  readonly sessions: SessionStore
  /**
   * Closes the SSE connection of a legacy request in flight without ending its stream (switching its answer
   * to SSE first): the client reconnects with `Last-Event-ID` after `retry` ms (2025-11-25 polling). Call it
   * from a handler with `ctx.sessionId` and `ctx.requestId`. False when the request cannot resume.
   */
  closeSseStream(sessionId: string, requestId: RequestId): boolean
}

/**
 * The Streamable HTTP endpoint for an McpServer, serving both eras at `/` of the returned Hono app:
 * 2026-07-28 stateless requests (validated mirrored headers, SSE for streamed answers and
 * `subscriptions/listen`) and 2025-03-26 … 2025-11-25 sessions (Mcp-Session-Id, standalone GET stream,
 * `Last-Event-ID` resumption, DELETE).
 *
 * @example
 * const mcp = createMcpHandler(server)
 * const app = new Hono().route('/mcp', mcp)   // or: export default { fetch: mcp.fetch }
 */
export function createMcpHandler(server: McpServer, options: McpHandlerOptions = {}): McpHandler {
  const sessions = options.sessionStore ?? new InMemorySessionStore()
  const eventStore = options.eventStore === undefined ? new InMemoryEventStore() : options.eventStore
  const resolved = resolveOptions(options)
  const state = new HandlerState(server, resolved, sessions, eventStore)
  const app = new Hono()

  // One route, one handler: Hono calls it directly (no middleware chain).
  app.all('/', (c) => {
    const request = c.req.raw
    const error = checkRequestOrigin(request, resolved)
    if (error) return refuse(request, error)
    switch (c.req.method) {
      case 'POST':
        return handlePost(state, c)
      case 'GET':
        return handleGet(state, c)
      case 'DELETE':
        return handleDelete(state, c)
      default:
        // HEAD included (Hono hands it to GET routes and drops the body): a GET would open a stream, with
        // its side effects (a standalone stream replaced), that nobody could read.
        return refuse(request, methodNotAllowedError, null, ALLOW)
    }
  })

  return Object.assign(app, {
    sessions,
    closeSseStream: (sessionId: string, requestId: RequestId) => state.closeSseStream(sessionId, requestId),
  })
}
