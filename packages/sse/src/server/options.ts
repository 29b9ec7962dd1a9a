import type { Context } from 'hono'
import type { Allowlist, McpHandlerOptions, McpRequestContext, RequestAuth } from '@edgemcp/streamable-http'
import { type ResolvedOptions, resolveOptions } from '@edgemcp/streamable-http/internal'
import type { SseChannelOptions } from './sse-channel.js'
import type { SseSessionStore } from './sse-relay.js'

/**
 * Options of the legacy transport. Hooks get the request's context `C`: Hono's `Context` for the Hono apps,
 * an `McpRequestContext` for the fetch handlers.
 */
export interface SseHandlerOptions<C extends McpRequestContext = Context> {
  /** Path of the event stream, relative to where the app is mounted. Default `/sse`. */
  ssePath?: string
  /** Path clients POST their messages to, relative to where the app is mounted. Default `/messages`. */
  messagesPath?: string
  /**
   * Where SSE sessions are kept. Default: an `InMemorySessionStore` with `sessionTtlMs` and `maxSessions`.
   * A session is served by the instance that holds its stream; a store shared by several instances helps
   * only when it can forward messages there (`SseSessionStore.forwardMessage`, e.g. @edgemcp/redis).
   */
  sessionStore?: SseSessionStore
  /**
   * A session with no sign of life for this long is closed and its stream ended. A POST is a sign of life, and
   * so is a client that keeps reading its stream (it had taken everything when a keep-alive comment is due),
   * so a connected, idle client is kept. Default 30 minutes.
   */
  sessionTtlMs?: number
  /**
   * At most this many sessions (default store only); beyond, a new stream is refused (503 with `Retry-After`)
   * rather than someone else's session closed. Default 10 000.
   */
  maxSessions?: number
  /**
   * SSE sessions (event streams) one client may hold open; one more gets 429 with `Retry-After`. A client is
   * its principal (`authenticate`), else its address (`clientAddress`). Default 1000.
   */
  maxSessionsPerClient?: number
  /** Unread bytes one client may leave across its streams (see `maxBufferedBytes`). Default 16 MiB. */
  maxBufferedBytesPerClient?: number
  /**
   * The client's address, for the per-client limits when there is no principal. Default: the socket's remote
   * address on @hono/node-server; none elsewhere. Behind a proxy, read the header it sets.
   */
  clientAddress?: McpHandlerOptions<C>['clientAddress']
  /** Largest POST body in bytes; more gets 413. Default 4 MiB. */
  maxBodyBytes?: number
  /** Origins allowed (DNS-rebinding protection). Default: loopback origins. Requests without Origin pass. */
  allowedOrigins?: Allowlist
  /** Host header values allowed; unset: no Host check. */
  allowedHosts?: Allowlist
  /** Keep-alive comment interval in ms; 0 disables. Default 15 000. */
  keepAliveMs?: number
  /**
   * Messages waiting in a stream that the client does not read; beyond this the client is too slow and its
   * session is closed (its pending requests rejected). Default 8 MiB.
   */
  maxBufferedBytes?: number
  /** Reads the caller's identity for each request (e.g. from a variable set by auth middleware). */
  authenticate?: (c: C) => RequestAuth | undefined | Promise<RequestAuth | undefined>
  /**
   * The id of the session an event stream opens (e.g. one a router minted to name the Durable Object it lives
   * in). Undefined, or no option: a random 128-bit id. Ids must be unique and unguessable.
   */
  sessionId?: McpHandlerOptions<C>['sessionId']
  /**
   * Runs after a message that may have changed its session (`initialize`, `logging/setLevel`,
   * `resources/subscribe`, `resources/unsubscribe`), before its answer is sent on the stream.
   */
  onSessionChange?: McpHandlerOptions<C>['onSessionChange']
  /**
   * Keeps work alive on runtimes that end an invocation once its response is returned: each event stream
   * (until it ends) and each message handled after its 202. Default: `c.executionCtx.waitUntil` when the
   * request has an execution context (Workers, Durable Objects).
   */
  waitUntil?: McpHandlerOptions<C>['waitUntil']
}

/**
 * The options with their defaults: those shared with Streamable HTTP as `resolveOptions` of streamable-http
 * fills them (one place for the defaults both transports have), the legacy side's own ones here. Hooks and
 * allowlists as given.
 */
export type ResolvedSseOptions = SseHandlerOptions<McpRequestContext> &
  SseChannelOptions &
  ResolvedOptions & {
    maxSessions: number
  }

/** The options with defaults filled in (paths are `createSseHandler`'s own, see `normalizePath`). */
export function resolveSseOptions<C extends McpRequestContext>(
  options: SseHandlerOptions<C>,
): ResolvedSseOptions {
  // (The hooks' types are Streamable HTTP's own: `SseHandlerOptions` names them by `McpHandlerOptions`.)
  const o = options as SseHandlerOptions<McpRequestContext> & McpHandlerOptions<McpRequestContext>
  return {
    ...resolveOptions(o),
    sessionTtlMs: o.sessionTtlMs ?? 30 * 60_000,
    maxSessions: o.maxSessions ?? 10_000,
    // A legacy stream lives as long as its session (Streamable HTTP's streams are short-lived): more room.
    maxBufferedBytes: o.maxBufferedBytes ?? 8 * 1024 * 1024,
  }
}

/** A path with a leading slash and no trailing one. */
export const normalizePath = (path: string): string => {
  const withSlash = path.startsWith('/') ? path : `/${path}`
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash
}
