import type { McpServer, ServerSession } from '@edgemcp/core'
import { createAutoFetchHandler } from '@edgemcp/sse'
import {
  createMcpFetchHandler,
  type EventStore,
  type McpFetch,
  type McpFetchHandler,
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
): { fetch: McpFetch; streamable: McpFetchHandler } {
  const { forwardedAuth } = options
  const authenticate = options.handler.authenticate
  const transport: McpFetchHandlerOptions = {
    ...options.handler,
    ...(forwardedAuth === undefined
      ? {}
      : { authenticate: (c: McpRequestContext) => forwardedAuth(c) ?? authenticate?.(c) }),
    ...options.hooks,
    sessionStore: options.sessionStore,
    eventStore: options.eventStore,
  }
  if (!options.legacySse) {
    const streamable = createMcpFetchHandler(server, transport)
    return { fetch: streamable, streamable }
  }
  const auto = createAutoFetchHandler(server, transport)
  return { fetch: auto, streamable: auto.streamable }
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
