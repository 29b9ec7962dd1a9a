import type { JsonRpcResponse, RequestId, ServerSession } from '@edgemcp/core'
import { overLimit } from './admission.js'
import { holdSessions } from './held-sessions.js'

/**
 * Where the handler keeps legacy-era sessions (2025-11-25 basic/transports "Session Management"), keyed by
 * their `Mcp-Session-Id`. Async so that a store can live elsewhere; a store that forgets a session must
 * `close()` it so its streams and pending requests end.
 */
export interface SessionStore {
  get(id: string): Promise<ServerSession | undefined>
  /**
   * Stores a session. A store that is full refuses a new session rather than evict someone else's: it rejects
   * with a `ProtocolError` naming an HTTP status (`httpStatus` 503, as `InMemorySessionStore` does), which
   * answers the `initialize` (with `Retry-After`).
   */
  set(session: ServerSession): Promise<void>
  /** Forgets the session (the handler closes it). */
  delete(id: string): Promise<void>

  // For stores shared by several instances (e.g. @edgemcp/redis): a session's messages may arrive at any
  // instance, while what they are about lives on one. A store kept by one instance needs neither.

  /**
   * Optional: the client's answer to a server→client request (elicitation, sampling, roots) that the session
   * object here is not waiting for, because another instance sent the request: hand it to that instance.
   * True when a request there awaits it (the POST gets 202); false when none does anywhere (it is refused as
   * an unexpected response).
   */
  forwardResponse?(sessionId: string, response: JsonRpcResponse): Promise<boolean>
  /**
   * Optional: a `notifications/cancelled` for a request that is not in flight here: cancel it on the
   * instance that runs it, if any.
   */
  forwardCancel?(sessionId: string, requestId: RequestId, reason: string | undefined): Promise<void>
}

export interface InMemorySessionStoreOptions {
  /** Sessions idle longer than this are closed and forgotten. Default 30 minutes. */
  idleTtlMs?: number
  /**
   * At most this many sessions. When full, sessions idle past the TTL go first; if none has, a new session
   * is refused (503 with `Retry-After`): a session in use is never closed to make room. Default 10 000.
   */
  maxSessions?: number
  /** Clock, for tests. */
  now?: () => number
}

/**
 * Sessions in a Map, at most `maxSessions` (then new ones are refused). Expiry is checked lazily (no timers, so it
 * suits isolates that sleep between requests): the session looked up on every call, all of them at most once a
 * second. A lookup does not reorder the Map: nothing here needs an order (the sweep visits every session), and
 * a delete and a set per request made its table churn (see `RequestsById` in @edgemcp/core).
 */
export class InMemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, ServerSession>()
  readonly #idleTtlMs: number
  readonly #maxSessions: number
  readonly #now: () => number
  readonly #sweepEveryMs: number
  #nextSweep = Number.NEGATIVE_INFINITY

  constructor(options: InMemorySessionStoreOptions = {}) {
    this.#idleTtlMs = options.idleTtlMs ?? 30 * 60_000
    this.#maxSessions = Math.max(1, options.maxSessions ?? 10_000)
    this.#now = options.now ?? Date.now
    this.#sweepEveryMs = Math.min(this.#idleTtlMs, 1000)
    holdSessions(this, InMemorySessionStore.prototype.get, (id) => this.#get(id))
  }

  get size(): number {
    return this.#sessions.size
  }

  async get(id: string): Promise<ServerSession | undefined> {
    return this.#get(id)
  }

  #get(id: string): ServerSession | undefined {
    const now = this.#now()
    if (now >= this.#nextSweep) this.#sweep(now)
    const session = this.#sessions.get(id)
    if (!session) return undefined
    if (session.closed) {
      this.#sessions.delete(id)
      return undefined
    }
    if (session.lastActivity < now - this.#idleTtlMs) {
      this.#sessions.delete(id)
      session.close('Session expired')
      return undefined
    }
    session.lastActivity = now
    return session
  }

  async set(session: ServerSession): Promise<void> {
    const now = this.#now()
    if (now >= this.#nextSweep) this.#sweep(now)
    const known = this.#sessions.has(session.id)
    if (!known && this.#sessions.size >= this.#maxSessions) {
      this.#sweep(now)
      if (this.#sessions.size >= this.#maxSessions)
        throw overLimit(503, `Too many sessions on this server (${this.#maxSessions})`)
    }
    session.lastActivity = now
    this.#sessions.set(session.id, session)
  }

  async delete(id: string): Promise<void> {
    this.#sessions.delete(id)
  }

  /** Closes and forgets every session. */
  clear(): void {
    const all = [...this.#sessions.values()]
    this.#sessions.clear()
    for (const s of all) s.close('Session store cleared')
  }

  /** Closes every idle session; runs at most once per `sweepEveryMs` (the session asked for is checked always). */
  #sweep(now: number): void {
    this.#nextSweep = now + this.#sweepEveryMs
    const cutoff = now - this.#idleTtlMs
    for (const [id, session] of this.#sessions) {
      if (session.closed) this.#sessions.delete(id)
      else if (session.lastActivity < cutoff) {
        this.#sessions.delete(id)
        session.close('Session expired')
      }
    }
  }
}
