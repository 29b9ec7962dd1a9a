import { HttpStatus, type McpServer } from '@edgemcp/core'
import type { Hono } from 'hono/tiny'
import type { SessionStore } from '@edgemcp/streamable-http'
import {
  errorResponse,
  newHono,
  transportError,
  withNodeClientAddress,
} from '@edgemcp/streamable-http/internal'
import { normalizePath, resolveSseOptions, type SseHandlerOptions } from './options.js'
import { SseEndpoint } from './sse-endpoint.js'
import { sseStoresOf } from './sse-sessions.js'

/** The Hono app of the legacy transport, plus a few controls. */
export type SseHandler = Hono & {
  /** Where SSE sessions live. */
  readonly sessions: SessionStore
  /** SSE streams open right now. */
  readonly openStreams: number
  /** Ends every SSE session (their streams close, their pending server→client requests are rejected). */
  closeAll(reason?: string): void
}

const methodNotAllowed = (allow: string) =>
  errorResponse(transportError(HttpStatus.methodNotAllowed, `Method Not Allowed: use ${allow}`), null, {
    Allow: allow,
  })

/**
 * The legacy HTTP+SSE transport (2024-11-05 basic/transports "HTTP with SSE") for an McpServer:
 * `GET {ssePath}` opens an event stream whose first event, `endpoint`, names `{messagesPath}?sessionId=…`;
 * the client POSTs its messages there and gets every answer as a `message` event on the stream.
 *
 * @example
 * const app = new Hono().route('/legacy', createSseHandler(server)) // GET /legacy/sse, POST /legacy/messages
 */
export function createSseHandler(server: McpServer, options: SseHandlerOptions = {}): SseHandler {
  const resolved = resolveSseOptions(withNodeClientAddress(options))
  const endpoint = new SseEndpoint(server, resolved, sseStoresOf(resolved, options.sessionStore))
  const ssePath = normalizePath(options.ssePath ?? '/sse')
  const messagesPath = normalizePath(options.messagesPath ?? '/messages')
  const app = newHono('createSseHandler')

  app.get(ssePath, (c) =>
    endpoint.open(c, (sessionId) => {
      // The same mount point as the stream: `/mount/sse` announces `/mount/messages?sessionId=…`.
      const path = c.req.path
      const base = path.endsWith(ssePath) ? path.slice(0, path.length - ssePath.length) : ''
      return `${base}${messagesPath}?sessionId=${encodeURIComponent(sessionId)}`
    }),
  )
  app.all(ssePath, () => methodNotAllowed('GET'))
  app.post(messagesPath, (c) => endpoint.post(c, c.req.query('sessionId')))
  app.all(messagesPath, () => methodNotAllowed('POST'))

  return Object.defineProperties(app, {
    sessions: { value: endpoint.sessions },
    openStreams: { get: () => endpoint.openStreams },
    closeAll: { value: (reason?: string) => endpoint.closeAll(reason) },
  }) as SseHandler
}
