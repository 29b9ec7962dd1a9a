import type { McpServer, ServerSession } from '@edgemcp/core'
import { createAutoHandler } from '@edgemcp/sse'
import {
  createMcpHandler,
  type EventStore,
  type McpHandler,
  type McpHandlerOptions,
  type RequestAuth,
  type SessionStore,
} from '@edgemcp/streamable-http'
import type { Context } from 'hono'
import { Hono } from 'hono/tiny'
import type { WorkerHandlerOptions } from './options.js'

export interface McpAppOptions {
  path: string
  legacySse: boolean
  handler: WorkerHandlerOptions
  sessionStore: SessionStore
  eventStore: EventStore | null
  /** What the host does around the transport (both transports get the same). */
  hooks?: Pick<McpHandlerOptions, 'sessionId' | 'onSessionChange' | 'waitUntil'>
  /**
   * The caller the Worker was given for this request (`McpWorker.fetch`'s `auth`), if it was given one; it
   * takes the place of `handler.authenticate`, which runs otherwise.
   */
  forwardedAuth?: (c: Context) => RequestAuth | undefined
}

/**
 * The MCP endpoint at `path`: Streamable HTTP of both eras, plus the legacy HTTP+SSE transport on the same
 * path (auto mode) when `legacySse`. The same app runs in the Worker and in the Durable Objects, so a bad
 * request gets the same answer wherever it lands, and the same answer as on Node.
 */
export function createMcpApp(
  server: McpServer,
  options: McpAppOptions,
): { app: Hono; streamable: McpHandler } {
  const { forwardedAuth } = options
  const authenticate = options.handler.authenticate
  const transport: McpHandlerOptions = {
    ...options.handler,
    ...(forwardedAuth === undefined
      ? {}
      : { authenticate: (c: Context) => forwardedAuth(c) ?? authenticate?.(c) }),
    ...options.hooks,
    sessionStore: options.sessionStore,
    eventStore: options.eventStore,
  }
  const mcp = options.legacySse ? createAutoHandler(server, transport) : createMcpHandler(server, transport)
  const streamable = 'streamable' in mcp ? mcp.streamable : mcp
  return { app: new Hono().route(options.path, mcp), streamable }
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
