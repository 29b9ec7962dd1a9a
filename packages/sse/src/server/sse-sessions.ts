import { InMemorySessionStore } from '@edgemcp/streamable-http'
import { FLEET_SEAMS } from '@edgemcp/streamable-http/internal'
import type { ResolvedSseOptions } from './options.js'
import type { SseSessionStore } from './sse-relay.js'
import type { SseStores } from './sse-endpoint.js'

/**
 * The store of SSE sessions: the one given, else in memory with `sessionTtlMs` and `maxSessions`; with the
 * fleet seams, since a store given may be shared by a fleet (see `FleetSeams`).
 */
export const sseStoresOf = (options: ResolvedSseOptions, given: SseSessionStore | undefined): SseStores => ({
  sessions:
    given ?? new InMemorySessionStore({ idleTtlMs: options.sessionTtlMs, maxSessions: options.maxSessions }),
  fleet: FLEET_SEAMS,
})

/** The stand-alone auto handlers' stores: `options.sse.sessionStore`, else in memory. */
export const sseStoresFor =
  (options: { sse?: { sessionStore?: SseSessionStore | undefined } | undefined }) =>
  (resolved: ResolvedSseOptions): SseStores =>
    sseStoresOf(resolved, options.sse?.sessionStore)
