import { InMemorySessionStore, type SessionStore } from '@edgemcp/streamable-http'
import type { ResolvedSseOptions } from './options.js'

/** The store of SSE sessions: the one given, else in memory with `sessionTtlMs` and `maxSessions`. */
export const sseSessionsOf = (options: ResolvedSseOptions, given: SessionStore | undefined): SessionStore =>
  given ?? new InMemorySessionStore({ idleTtlMs: options.sessionTtlMs, maxSessions: options.maxSessions })

/** The stand-alone auto handlers' sessions: `options.sse.sessionStore`, else in memory. */
export const sseSessionsFor =
  (options: { sse?: { sessionStore?: SessionStore | undefined } | undefined }) =>
  (resolved: ResolvedSseOptions): SessionStore =>
    sseSessionsOf(resolved, options.sse?.sessionStore)
