import type { McpServer } from '@edgemcp/core'
import type {
  McpEndpointControls,
  McpHandlerOptions,
  McpRequestContext,
  SessionStore,
} from '@edgemcp/streamable-http'
import { accepts } from '@edgemcp/streamable-http/internal'
import type { Context } from 'hono'
import { type ResolvedSseOptions, resolveSseOptions, type SseHandlerOptions } from './options.js'
import { SseEndpoint, type SseStores } from './sse-endpoint.js'

/**
 * Serving one path with both transports (see `createAutoHandler`): a POST with `?sessionId=` is a legacy
 * message, a GET that accepts `text/event-stream` without `Mcp-Session-Id` opens a legacy SSE stream whose
 * `endpoint` event points back at this path; everything else goes to Streamable HTTP.
 */
export function autoServe(
  endpoint: SseEndpoint,
  streamable: McpEndpointControls,
): (c: McpRequestContext) => Promise<Response> {
  return (c) => {
    const request = c.req.raw
    const method = request.method
    if (method === 'POST') {
      // (The URL is parsed only when it has a query.)
      const sessionId = request.url.includes('?') ? new URL(request.url).searchParams.get('sessionId') : null
      if (sessionId !== null) return endpoint.post(c, sessionId)
    } else if (
      method === 'GET' &&
      !request.headers.has('mcp-session-id') &&
      accepts(request.headers.get('accept'), 'text/event-stream')
    ) {
      const path = new URL(request.url).pathname
      return endpoint.open(c, (id) => `${path}?sessionId=${encodeURIComponent(id)}`)
    }
    return streamable.serve(c)
  }
}

export interface AutoHandlerOptions<C extends McpRequestContext = Context> extends McpHandlerOptions<C> {
  /**
   * The legacy side's own settings. Origin/Host allowlists, `maxBodyBytes`, `keepAliveMs`, `authenticate`,
   * `sessionId`, `onSessionChange`, `waitUntil`, `clientAddress`, `maxSessionsPerClient` and
   * `maxBufferedBytesPerClient` are shared with Streamable HTTP (each side counts its own sessions); `sessionStore` above is
   * the Streamable HTTP one.
   */
  sse?: Pick<SseHandlerOptions<C>, 'sessionStore' | 'sessionTtlMs' | 'maxSessions' | 'maxBufferedBytes'>
}

/** The controls of both sides of an auto endpoint. */
export interface AutoEndpointControls<S> {
  /** The Streamable HTTP side. */
  readonly streamable: S
  /** Where legacy SSE sessions live. */
  readonly sseSessions: SessionStore
  /** Legacy SSE streams open right now. */
  readonly openSseStreams: number
  /** Ends every legacy SSE session. */
  closeAllSse(reason?: string): void
}

/**
 * The legacy side of an auto endpoint, with the settings it shares with the Streamable HTTP side; its sessions
 * live in `storesFor(settings)` (the stand-alone handlers pass `sseStoresFor(options)`; no default here, so
 * the Worker path, which passes its own store, carries no in-memory store and no fleet seams).
 */
export function autoSseEndpoint<C extends McpRequestContext>(
  server: McpServer,
  options: AutoHandlerOptions<C>,
  storesFor: (options: ResolvedSseOptions) => SseStores,
): { endpoint: SseEndpoint; streamableOptions: McpHandlerOptions<C> } {
  const { sse, ...streamableOptions } = options
  // The settings shared with Streamable HTTP come from `options`; the legacy side's own ones (which Streamable
  // HTTP does not have) from `sse`.
  const resolved = resolveSseOptions({ ...sse, ...streamableOptions })
  return { endpoint: new SseEndpoint(server, resolved, storesFor(resolved)), streamableOptions }
}

/** The controls of an auto endpoint, added to the handler `target`. */
export function withAutoControls<T extends object, S>(
  target: T,
  endpoint: SseEndpoint,
  streamable: S,
): T & AutoEndpointControls<S> {
  return Object.defineProperties(target, {
    streamable: { value: streamable },
    sseSessions: { value: endpoint.sessions },
    openSseStreams: { get: () => endpoint.openStreams },
    closeAllSse: { value: (reason?: string) => endpoint.closeAll(reason) },
  }) as T & AutoEndpointControls<S>
}
