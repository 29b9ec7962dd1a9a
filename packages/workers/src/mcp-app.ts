import type { McpServer, ServerSession } from '@edgemcp/core'
import { autoServe, autoSseEndpoint } from '@edgemcp/sse'
import {
  createMcpEndpoint,
  type EventStore,
  fetchHandler,
  type McpEndpointControls,
  type McpFetch,
  type McpFetchHandlerOptions,
  type McpRequestContext,
  type RequestAuth,
  type SessionStore,
} from '@edgemcp/streamable-http'
import type { WorkerHandlerOptions } from './options.js'

export interface McpAppOptions {
  legacySse: boolean
  handler: WorkerHandlerOptions
  sessionStore: SessionStore
  eventStore: EventStore | null
  /** Where legacy HTTP+SSE sessions live while their stream is open (with `legacySse`). */
  sseSessionStore: SessionStore
  /** What the host does around the transport (both transports get the same). */
  hooks?: Pick<McpFetchHandlerOptions, 'sessionId' | 'onSessionChange' | 'waitUntil'>
  /**
   * The caller the Worker was given for this request (`McpWorker.fetch`'s `auth`), if it was given one; it
   * takes the place of `handler.authenticate`, which runs otherwise.
   */
  forwardedAuth?: (c: McpRequestContext) => RequestAuth | undefined
}

/**
 * The MCP endpoint, as a fetch handler for requests to the MCP path (the Worker routes): Streamable HTTP of
 * both eras, plus the legacy HTTP+SSE transport on the same path (auto mode) when `legacySse`. The same
 * handler runs in the Worker and in the Durable Objects, so a bad request gets the same answer wherever it
 * lands, and the same answer as on Node.
 */
export function createMcpApp(
  server: McpServer,
  options: McpAppOptions,
): { fetch: McpFetch; streamable: McpEndpointControls } {
  const { forwardedAuth } = options
  const authenticate = options.handler.authenticate
  const transport: McpFetchHandlerOptions = {
    ...options.handler,
    ...(forwardedAuth === undefined
      ? {}
      : { authenticate: (c: McpRequestContext) => forwardedAuth(c) ?? authenticate?.(c) }),
    ...options.hooks,
  }
  // The building blocks, with the stores given: no in-memory default stores in the Worker bundle.
  const streamable = createMcpEndpoint(server, transport, options.sessionStore, options.eventStore)
  if (!options.legacySse) return { fetch: fetchHandler(streamable.serve), streamable }
  const sse = options.sseSessionStore
  const { endpoint } = autoSseEndpoint(server, transport, () => sse)
  return { fetch: fetchHandler(autoServe(endpoint, streamable)), streamable }
}

/**
 * For the stateless Worker: keeps no session. Legacy sessions are created in their Durable Object; one
 * that would somehow be created here is closed at once rather than kept where no later request finds it.
 */
export class NoSessionStore implements SessionStore {
  async get(): Promise<ServerSession | undefined> {
    return undefined
  }
  async set(session: ServerSession): Promise<void> {
    session.close('Sessions live in Durable Objects')
  }
  async delete(): Promise<void> {}
}

/**
 * Legacy HTTP+SSE sessions of a session object: one at most, alive while its stream is open (the stream's
 * session TTL closes an idle one, which then leaves the store).
 */
export class MapSessionStore implements SessionStore {
  readonly #sessions = new Map<string, ServerSession>()
  async get(id: string): Promise<ServerSession | undefined> {
    return this.#sessions.get(id)
  }
  async set(session: ServerSession): Promise<void> {
    this.#sessions.set(session.id, session)
  }
  async delete(id: string): Promise<void> {
    this.#sessions.delete(id)
  }
}
