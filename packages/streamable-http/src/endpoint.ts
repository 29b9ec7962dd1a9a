import type { McpServer, RequestId } from '@edgemcp/core'
import { refuse } from './body.js'
import type { EndpointStores } from './default-stores.js'
import { storeFailure } from './fleet.js'
import { handleDelete, handleGet, methodNotAllowed } from './get-delete.js'
import { type McpHandlerOptions, resolveOptions } from './options.js'
import { handlePost } from './post.js'
import type { McpRequestContext } from './request-context.js'
import { checkRequestOrigin } from './security.js'
import type { SessionStore } from './session-store.js'
import { HandlerState } from './state.js'

/** What both forms of the Streamable HTTP endpoint (Hono app, fetch handler) offer besides serving. */
export interface McpEndpointControls {
  /** Where legacy sessions live. */
  readonly sessions: SessionStore
  /**
   * Closes the SSE connection of a legacy request in flight without ending its stream (switching its answer
   * to SSE first): the client reconnects with `Last-Event-ID` after `retry` ms (2025-11-25 polling). Call it
   * from a handler with `ctx.sessionId` and `ctx.requestId`. False when the request cannot resume.
   */
  closeSseStream(sessionId: string, requestId: RequestId): boolean
  /**
   * Answers one request, whatever its path (the caller routes), given its context: a Hono `Context` or a
   * `FetchContext`. What the Hono app and the fetch handler both run; for transports built on this one.
   */
  serve(c: McpRequestContext): Promise<Response>
}

/**
 * One endpoint: its state (sessions, streams, requests in flight) and the function serving it, with the
 * stores given (`options.sessionStore` and `options.eventStore` are not read: see `createMcpEndpoint`). It is
 * its own controls.
 */
export class Endpoint extends HandlerState implements McpEndpointControls {
  /**
   * A store that cannot be reached (a shared one restarting), whatever the method, makes a 503 with
   * `Retry-After`, not a 500 (see `storeFailure`).
   */
  readonly serve = (c: McpRequestContext): Promise<Response> =>
    this.#answer(c).catch((e: unknown) => storeFailure(this.fleet, e))

  #answer(c: McpRequestContext): Promise<Response> {
    const request = c.req.raw
    const error = checkRequestOrigin(request, this.options)
    if (error) return refuse(request, error)
    switch (request.method) {
      case 'POST':
        return handlePost(this, c)
      case 'GET':
        return handleGet(this, c)
      case 'DELETE':
        return handleDelete(this, c)
      default:
        // HEAD included (Hono hands it to GET routes and drops the body): a GET would open a stream, with
        // its side effects (a standalone stream replaced), that nobody could read.
        return methodNotAllowed(request)
    }
  }
}

/**
 * The Streamable HTTP endpoint as a building block: `serve(c)` and the controls, with the stores given and no
 * defaults (so a bundle that brings its own stores, such as @edgemcp/workers, carries no in-memory ones, and
 * no fleet seams unless `stores.fleet`). Wrap `serve` with `fetchHandler` for a fetch handler. Most code wants
 * `createMcpFetchHandler` instead.
 */
export function createMcpEndpoint<C extends McpRequestContext>(
  server: McpServer,
  options: McpHandlerOptions<C>,
  stores: EndpointStores,
): McpEndpointControls {
  return new Endpoint(server, resolveOptions(options), stores)
}
