import type { McpServer } from '@edgemcp/core'
import { Hono } from 'hono/tiny'
import {
  accepts,
  createMcpHandler,
  type McpHandler,
  type McpHandlerOptions,
  type SessionStore,
} from '@edgemcp/streamable-http'
import { resolveSseOptions, type SseHandlerOptions } from './options.js'
import { SseEndpoint } from './sse-endpoint.js'

export interface AutoHandlerOptions extends McpHandlerOptions {
  /**
   * The legacy side's own settings. Origin/Host allowlists, `maxBodyBytes`, `keepAliveMs`, `authenticate`,
   * `sessionId`, `onSessionChange` and `waitUntil` are shared with Streamable HTTP; `sessionStore` above is
   * the Streamable HTTP one.
   */
  sse?: Pick<SseHandlerOptions, 'sessionStore' | 'sessionTtlMs' | 'maxSessions' | 'maxBufferedBytes'>
}

/** One endpoint serving both transports, plus the controls of each side. */
export type AutoHandler = Hono & {
  /** The Streamable HTTP side. */
  readonly streamable: McpHandler
  /** Where legacy SSE sessions live. */
  readonly sseSessions: SessionStore
  /** Legacy SSE streams open right now. */
  readonly openSseStreams: number
  /** Ends every legacy SSE session. */
  closeAllSse(reason?: string): void
}

/**
 * Streamable HTTP and the legacy HTTP+SSE transport on one path, as 2025-03-26 basic/transports "Backwards
 * Compatibility" allows: a GET that accepts `text/event-stream` and carries no `Mcp-Session-Id` opens a legacy
 * SSE stream whose `endpoint` event points back at this path with `?sessionId=`; a POST with `?sessionId=` is a
 * legacy message. Everything else (POST, GET and DELETE of Streamable HTTP) goes to `createMcpHandler`. A
 * modern client that falls back on 400/404/405 and an old client that only speaks SSE both work at one URL.
 *
 * @example
 * const app = new Hono().route('/mcp', createAutoHandler(server))
 */
export function createAutoHandler(server: McpServer, options: AutoHandlerOptions = {}): AutoHandler {
  const { sse = {}, ...streamableOptions } = options
  const shared: SseHandlerOptions = { ...sse }
  if (options.maxBodyBytes !== undefined) shared.maxBodyBytes = options.maxBodyBytes
  if (options.allowedOrigins !== undefined) shared.allowedOrigins = options.allowedOrigins
  if (options.allowedHosts !== undefined) shared.allowedHosts = options.allowedHosts
  if (options.keepAliveMs !== undefined) shared.keepAliveMs = options.keepAliveMs
  if (options.authenticate !== undefined) shared.authenticate = options.authenticate
  if (options.sessionId !== undefined) shared.sessionId = options.sessionId
  if (options.onSessionChange !== undefined) shared.onSessionChange = options.onSessionChange
  if (options.waitUntil !== undefined) shared.waitUntil = options.waitUntil
  const endpoint = new SseEndpoint(server, resolveSseOptions(shared), sse.sessionStore)
  const streamable = createMcpHandler(server, streamableOptions)
  const app = new Hono()

  app.use('/', async (c, next) => {
    const method = c.req.method
    const sessionId = c.req.query('sessionId')
    if (method === 'POST' && sessionId !== undefined) return endpoint.post(c, sessionId)
    if (
      method === 'GET' &&
      c.req.header('mcp-session-id') === undefined &&
      accepts(c.req.header('accept'), 'text/event-stream')
    )
      return endpoint.open(c, (id) => `${c.req.path}?sessionId=${encodeURIComponent(id)}`)
    await next()
  })
  app.route('/', streamable)

  return Object.defineProperties(app, {
    streamable: { value: streamable },
    sseSessions: { value: endpoint.sessions },
    openSseStreams: { get: () => endpoint.openStreams },
    closeAllSse: { value: (reason?: string) => endpoint.closeAll(reason) },
  }) as AutoHandler
}
