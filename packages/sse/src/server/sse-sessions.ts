import { InMemorySessionStore } from '@edgemcp/streamable-http'
import type { ResolvedSseOptions } from './options.js'
import type { SseSessionStore } from './sse-relay.js'

/** The store of SSE sessions: the one given, else in memory with `sessionTtlMs` and `maxSessions`. */
export const sseSessionsOf = (
  options: ResolvedSseOptions,
  given: SseSessionStore | undefined,
): SseSessionStore =>
  given ?? new InMemorySessionStore({ idleTtlMs: options.sessionTtlMs, maxSessions: options.maxSessions })

/** The stand-alone auto handlers' sessions: `options.sse.sessionStore`, else in memory. */
export const sseSessionsFor =
  (options: { sse?: { sessionStore?: SseSessionStore | undefined } | undefined }) =>
  (resolved: ResolvedSseOptions): SseSessionStore =>
    sseSessionsOf(resolved, options.sse?.sessionStore)
