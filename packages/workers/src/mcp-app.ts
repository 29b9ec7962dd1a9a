import type { McpServer, ServerSession } from '@edgemcp/core'
import { createAutoHandler } from '@edgemcp/sse'
import {
  createMcpHandler,
  type EventStore,
  type McpHandler,
  type McpHandlerOptions,
  type SessionStore,
} from '@edgemcp/streamable-http'
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
  const transport: McpHandlerOptions = {
    ...options.handler,
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
