import type { ServerSession } from '@edgemcp/core'
import type { Context } from 'hono'
import type { EventStore } from './event-store.js'
import type { McpRequestContext } from './request-context.js'
import type { Allowlist } from './security.js'
import type { SessionStore } from './session-store.js'

/** Who is calling, as established by an auth layer in front of the handler. */
export interface RequestAuth {
  /** Handed to tool handlers as `ctx.authInfo`. */
  authInfo?: unknown
  /** A stable id of the caller: a legacy session only serves the principal that created it. */
  principal?: string
}

/**
 * Options of the Streamable HTTP handler. Hooks get the request's context `C`: Hono's `Context` for
 * `createMcpHandler` (a Hono app), an `McpRequestContext` (`c.req.raw`, `c.req.header()`, `c.env`,
 * `c.executionCtx`, no Hono variables) for `createMcpFetchHandler`.
 */
export interface McpHandlerOptions<C extends McpRequestContext = Context> {
  /** Legacy sessions. Default: an `InMemorySessionStore` (30 min idle TTL, 10 000 sessions). */
  sessionStore?: SessionStore
  /** Events of legacy SSE streams for `Last-Event-ID` resumption; `null` disables resumption. */
  eventStore?: EventStore | null
  /**
   * Always answer a request with one JSON body, never SSE. Request-related notifications (progress, logs)
   * are then dropped; legacy server→client requests go to the session's standalone GET stream (and fail when
   * there is none). `subscriptions/listen` still streams: it has nothing else to offer.
   */
  jsonResponse?: boolean
  /**
   * Tolerate clients whose POST `Accept` lists only `application/json` (the spec asks for both types): they
   * get JSON answers as with `jsonResponse`. Default false: such requests get 406.
   */
  acceptJsonOnly?: boolean
  /** Largest request body in bytes; more gets 413. Default 4 MiB. */
  maxBodyBytes?: number
  /**
   * Bytes an SSE connection may hold for a client that does not read; beyond this the connection is dropped
   * (a legacy stream's client resumes with `Last-Event-ID`; a modern request is cancelled). A message written
   * while nothing waits always goes out, however large. Default 4 MiB.
   */
  maxBufferedBytes?: number
  /** Unread SSE bytes one client may leave across all its connections (same rule). Default 16 MiB. */
  maxBufferedBytesPerClient?: number
  /**
   * Legacy sessions one client may hold at once; an `initialize` beyond gets 429 with `Retry-After` (nobody
   * else's session is closed to make room). A client is its principal (`authenticate`), else its address
   * (`clientAddress`). Default 1000.
   */
  maxSessionsPerClient?: number
  /** `subscriptions/listen` streams one client may hold open at once (beyond: 429). Default 64. */
  maxStreamsPerClient?: number
  /**
   * The client's address, which names the client for the per-client limits when there is no principal.
   * Default: the socket's remote address on @hono/node-server (an IPv6 address counts by its /64); none
   * elsewhere (then only the global limits apply). Behind a proxy, read the header it sets.
   */
  clientAddress?: (c: C) => string | undefined
  /** Origins allowed (DNS-rebinding protection). Default: loopback origins. Requests without Origin pass. */
  allowedOrigins?: Allowlist
  /** Host header values allowed; unset: no Host check (`serve()` from `/node` adds one on loopback). */
  allowedHosts?: Allowlist
  /** SSE keep-alive comment interval in ms; 0 disables. Default 15 000. */
  keepAliveMs?: number
  /** SSE `retry` announced to legacy clients (ms). Default 1000. */
  retryMs?: number
  /**
   * Close legacy SSE connections after this many ms without ending their stream; the client resumes with
   * `Last-Event-ID` (2025-11-25 polling). 0 (default): keep connections open.
   */
  sseConnectionLifetimeMs?: number
  /** Reads the caller's identity for each request (e.g. from a variable set by auth middleware). */
  authenticate?: (c: C) => RequestAuth | undefined | Promise<RequestAuth | undefined>
  /**
   * The id of the legacy session a request creates (its `initialize`), e.g. one a router minted to name the
   * Durable Object the session lives in. Undefined, or no option: a random 128-bit id. Ids must be unique and
   * unguessable: they are the session's only credential when there is no `authenticate`.
   */
  sessionId?: (c: C) => string | undefined
  /**
   * Runs after a request that may have changed a legacy session (`initialize`, `logging/setLevel`,
   * `resources/subscribe`, `resources/unsubscribe`; see `changesSession`), before its answer goes out, so a
   * store that persists sessions can write `session.snapshot()`. A rejection fails the answer (500).
   */
  onSessionChange?: (session: ServerSession) => void | Promise<void>
  /**
   * Keeps work alive on runtimes that end an invocation once its response is returned: each SSE stream (with
   * its keep-alive timer and the handler feeding it) is handed over as a promise that settles when the stream
   * ends. Default: `c.executionCtx.waitUntil` when the request has an execution context (Cloudflare Workers,
   * Durable Objects), nothing elsewhere.
   */
  waitUntil?: (c: C, promise: Promise<unknown>) => void
}

/** Options of `createMcpFetchHandler`: hooks get an `McpRequestContext`. */
export type McpFetchHandlerOptions = McpHandlerOptions<McpRequestContext>

/**
 * The options with their defaults filled in (`resolveOptions`); `sseConnectionLifetimeMs` may stay undefined
 * (connections take that as 0, no lifetime).
 */
export type ResolvedOptions = McpFetchHandlerOptions &
  Required<
    Pick<
      McpHandlerOptions,
      | 'maxBodyBytes'
      | 'keepAliveMs'
      | 'retryMs'
      | 'maxBufferedBytes'
      | 'maxBufferedBytesPerClient'
      | 'maxSessionsPerClient'
      | 'maxStreamsPerClient'
    >
  >

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024

/** Unread bytes an SSE connection may hold by default (`maxBufferedBytes`). */
export const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024

/**
 * The options with defaults filled in (a copy: later changes to `options` do not reach the handler). Hooks
 * typed for a narrower context (Hono's `Context`) are kept as they are: each handler only ever passes them the
 * kind of context they were written for.
 */
export function resolveOptions<C extends McpRequestContext>(options: McpHandlerOptions<C>): ResolvedOptions {
  const o = options as McpFetchHandlerOptions
  return {
    ...o,
    maxBodyBytes: o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    keepAliveMs: o.keepAliveMs ?? 15_000,
    retryMs: o.retryMs ?? 1000,
    maxBufferedBytes: o.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    maxBufferedBytesPerClient: o.maxBufferedBytesPerClient ?? 4 * DEFAULT_MAX_BUFFERED_BYTES,
    maxSessionsPerClient: o.maxSessionsPerClient ?? 1000,
    maxStreamsPerClient: o.maxStreamsPerClient ?? 64,
  }
}
