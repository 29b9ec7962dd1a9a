import type { JsonRpcResponse, RequestId, ServerSession } from '@edgemcp/core'
import type { SseMessageReceiver, SseSessionStore } from '@edgemcp/sse'
import type { RequestAuth } from '@edgemcp/streamable-http'
import { overLimit, sessionClientOf } from '@edgemcp/streamable-http/internal'
import type { FleetContext, FleetMessage, MessageHandler } from './context.js'
import { ADMIT_SESSION, FORWARD_RESPONSE } from './scripts.js'
import { applySnapshot, type StoredSession, storedForm } from './snapshot.js'

/**
 * Activity this long after the key's TTL was last refreshed from here counts as unseen by Redis (a stream's
 * keep-alives, requests served from the copy): the sweep refreshes the TTL then. Less is the request that
 * refreshed it itself (`GETEX`), which the engine stamps a moment later.
 */
const TOUCH_SLACK_MS = 1000

/** Session keys read per round trip when the copies are read again (`resync`). */
const RESYNC_BATCH = 500

/** This instance's copy of a session, with the stored form it was last brought up to date with. */
interface LocalCopy {
  session: ServerSession
  stored: string
  /** The instance that stored the session last (for SSE sessions: the one holding the stream). */
  owner: string
  /** When the key's TTL was last refreshed from here. */
  touchedAt: number
  /** The client the session counts against fleet-wide (see `ADMIT_SESSION`), if any. */
  client: string | undefined
}

/**
 * Legacy sessions in Redis, shared by every instance of a fleet. Each session is one string key (its
 * snapshot, JSON) whose TTL is the idle timeout; each instance keeps a copy of the sessions it serves (live
 * `ServerSession` objects with their streams and requests in flight) and brings it up to date from Redis.
 *
 * Looking a session up is one command (`GETEX … PX ttl`: read and refresh the TTL), so a request of an
 * established session costs one Redis round trip. A session deleted (DELETE) or expired anywhere is gone
 * everywhere: its key is gone, and the instances holding copies close them.
 *
 * Also an `SseSessionStore`: a message POSTed for an SSE session whose stream another instance holds is
 * published to that instance.
 */
export class RedisSessionStore implements SseSessionStore, MessageHandler {
  readonly #fleet: FleetContext
  readonly #kind: string
  readonly #local = new Map<string, LocalCopy>()
  #receive: SseMessageReceiver | undefined

  /** `kind` keeps this store's keys apart from another's (`s`: Streamable HTTP, `sse`: HTTP+SSE). */
  constructor(fleet: FleetContext, kind: string) {
    this.#fleet = fleet
    this.#kind = kind
    fleet.handle(kind, this)
    if (kind === 's') fleet.copyOf = (id) => this.#copy(id)
  }

  #copy(id: string): ServerSession | undefined {
    const session = this.#local.get(id)?.session
    return session?.closed === false ? session : undefined
  }

  /** Whether `session` is this store's copy of one of its sessions. */
  holds(session: ServerSession): boolean {
    return this.#local.get(session.id)?.session === session
  }

  /** Sessions with a copy on this instance. */
  get localSize(): number {
    return this.#local.size
  }

  async get(id: string): Promise<ServerSession | undefined> {
    const f = this.#fleet
    const stored = await f.link.command<string | null>(['GETEX', this.#key(id), 'PX', this.#ttl])
    const local = this.#local.get(id)
    if (stored === null) {
      // Deleted or expired fleet-wide: so is this copy (and its streams end).
      if (local) {
        this.#local.delete(id)
        local.session.close('Session expired')
      }
      return undefined
    }
    const now = Date.now()
    if (local && !local.session.closed) {
      if (local.stored !== stored) this.#update(local, stored)
      local.session.lastActivity = now
      local.touchedAt = now
      return local.session
    }
    const snapshot = JSON.parse(stored) as StoredSession
    const session = f.server.restoreSession(snapshot)
    session.lastActivity = now
    this.#local.set(id, { session, stored, owner: snapshot.owner, touchedAt: now, client: snapshot.client })
    return session
  }

  async set(session: ServerSession): Promise<void> {
    const f = this.#fleet
    const known = this.#local.get(session.id)
    const client = known ? known.client : sessionClientOf(session)
    const stored = storedForm(session, f.instanceId, client)
    if (!known && client !== undefined) {
      // A new session: counted against its client's share of the whole fleet (429 beyond it).
      const admitted = await f.link.script<number>(
        ADMIT_SESSION,
        [f.keys.clientSessions(client)],
        [this.#key(session.id), String(f.options.maxSessionsPerClient), this.#ttl],
      )
      if (admitted < 0) {
        f.closeLocally(session, 'Too many sessions')
        throw overLimit(
          429,
          `Too many sessions: this client already holds ${f.options.maxSessionsPerClient} in the fleet; delete one (HTTP DELETE) first`,
        )
      }
    }
    try {
      await f.link.command(['SET', this.#key(session.id), stored, 'PX', this.#ttl])
    } catch (e) {
      // Never stored: the session does not exist (the client gets 503 and initializes again).
      if (!this.#local.has(session.id)) f.closeLocally(session, 'Session could not be stored')
      throw e
    }
    const now = Date.now()
    this.#local.set(session.id, { session, stored, owner: f.instanceId, touchedAt: now, client })
  }

  /**
   * Stores a session again after a request changed it (`initialize`, `logging/setLevel`,
   * `resources/subscribe`): the `onSessionChange` hook. The instances holding copies update them.
   */
  async persist(session: ServerSession): Promise<void> {
    const f = this.#fleet
    const local = this.#local.get(session.id)
    const stored = storedForm(session, f.instanceId, local?.client)
    if (local?.session === session && local.stored === stored) return
    try {
      await Promise.all([
        f.link.command(['SET', this.#key(session.id), stored, 'PX', this.#ttl]),
        f.publish(f.keys.fleetChannel, { t: 'changed', k: this.#kind, s: session.id, j: stored }),
      ])
    } catch (e) {
      // Not stored: the next lookup brings this copy back to what Redis has.
      if (local) local.stored = ''
      throw e
    }
    if (local) {
      local.stored = stored
      local.owner = f.instanceId
    }
  }

  /**
   * Forgets a session fleet-wide (DELETE, expiry, an SSE stream that ended): its key goes and every copy is
   * closed. Closing this instance's copy only (shutdown, eviction, deleted elsewhere) keeps it. Never rejects:
   * while Redis is down, the delete is retried once it is back.
   */
  async delete(id: string): Promise<void> {
    const f = this.#fleet
    this.#local.delete(id)
    if (f.isLocalClose(id)) return
    await f.eventually(() =>
      Promise.all([
        f.link.command(['DEL', this.#key(id)]),
        f.publish(f.keys.fleetChannel, { t: 'deleted', k: this.#kind, s: id }),
      ]),
    )
  }

  /**
   * `SessionStore.forwardResponse`: to the instance whose server→client request it answers. While that
   * instance is alive but not listening (its pub/sub connection reconnecting after a Redis restart), the
   * answer would be lost and the request left waiting: `StoreUnavailableError` instead (503, `Retry-After`),
   * so that the client sends it again.
   */
  async forwardResponse(sessionId: string, response: JsonRpcResponse): Promise<boolean> {
    const f = this.#fleet
    const payload: FleetMessage = { t: 'response', k: this.#kind, s: sessionId, r: response }
    const receivers = await f.link.script<number>(
      FORWARD_RESPONSE,
      [f.keys.pending(sessionId, response.id as RequestId)],
      [
        f.keys.instanceChannelPrefix,
        JSON.stringify(payload),
        f.keys.instancePrefix,
        f.judgesLiveness ? '' : '1',
      ],
    )
    if (receivers === -2) throw f.notListening()
    return receivers > 0
  }

  /** `SessionStore.forwardCancel`: every instance cancels the request if it runs it. */
  async forwardCancel(sessionId: string, requestId: RequestId, reason: string | undefined): Promise<void> {
    const f = this.#fleet
    const message: FleetMessage = { t: 'cancel', k: this.#kind, s: sessionId, id: requestId }
    if (reason !== undefined) message.reason = reason
    await f.publish(f.keys.fleetChannel, message)
  }

  /**
   * `SseSessionStore.forwardMessage`: to the instance holding the session's SSE stream. False (404) when that
   * instance is gone, and its stream with it; while it is alive but not listening (its pub/sub connection
   * reconnecting after a Redis restart), `StoreUnavailableError` (503, `Retry-After`): the message would be
   * lost, so the client sends it again.
   */
  readonly forwardMessage: SseMessageReceiver = async (sessionId, message, auth) => {
    const f = this.#fleet
    const owner = this.#local.get(sessionId)?.owner
    if (owner === undefined || owner === f.instanceId) return false
    const payload: FleetMessage = { t: 'sse', k: this.#kind, s: sessionId, m: message }
    if (auth !== undefined) payload.a = auth
    return f.sendTo(owner, payload)
  }

  receiveMessages(receive: SseMessageReceiver): void {
    this.#receive = receive
  }

  /** A message of the fleet about one of this store's sessions. */
  receive(message: FleetMessage): void {
    if (!('s' in message)) return
    const local = this.#local.get(message.s)
    switch (message.t) {
      case 'changed':
        if (local && local.stored !== message.j) this.#update(local, message.j)
        return
      case 'deleted':
        if (local) {
          this.#local.delete(message.s)
          this.#fleet.closeLocally(local.session, 'Session deleted')
        }
        return
      case 'cancel':
        // Core cancels the request as if the notification had been POSTed here.
        if (local?.session.inflight.has(message.id))
          void this.#fleet.server.handle(
            {
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: {
                requestId: message.id,
                ...(message.reason === undefined ? {} : { reason: message.reason }),
              },
            },
            { session: local.session },
          )
        return
      case 'response':
        local?.session.resolve(message.r as JsonRpcResponse)
        return
      case 'sse':
        void this.#receive?.(message.s, message.m, message.a as RequestAuth | undefined).catch(() => {})
        return
    }
  }

  /**
   * Upkeep, every few seconds: refreshes the TTL of sessions used here since (an open stream's keep-alives
   * count), closes copies whose session expired elsewhere, and drops copies idle here for a while that hold
   * nothing (no stream, no request in flight, no pending server→client request).
   */
  async sweep(now: number, idleMs: number): Promise<void> {
    const f = this.#fleet
    const touched: LocalCopy[] = []
    const evictable: LocalCopy[] = []
    for (const [id, local] of this.#local) {
      const s = local.session
      if (s.closed) this.#local.delete(id)
      else if (s.lastActivity > local.touchedAt + TOUCH_SLACK_MS) touched.push(local)
      else if (!this.#busy(s) && now - s.lastActivity > idleMs) evictable.push(local)
    }
    for (const local of evictable) {
      this.#local.delete(local.session.id)
      f.closeLocally(local.session, 'Session copy evicted')
    }
    // Too many copies: the oldest that hold nothing go too.
    let over = this.#local.size - f.options.maxLocalSessions
    for (const local of this.#local.values()) {
      if (over <= 0) break
      if (this.#busy(local.session) || local.session.lastActivity > local.touchedAt + TOUCH_SLACK_MS) continue
      this.#local.delete(local.session.id)
      f.closeLocally(local.session, 'Session copy evicted')
      over--
    }
    // The sets counting clients' sessions fleet-wide live as long as a session of theirs is in use somewhere:
    // a set that expired under live sessions would let the client open as many again.
    const clients = new Set<string>()
    for (const local of this.#local.values()) if (local.client !== undefined) clients.add(local.client)
    const alive = await Promise.all([
      ...touched.map((l) => f.link.command<number>(['PEXPIRE', this.#key(l.session.id), this.#ttl])),
      ...[...clients].map((c) => f.link.command<number>(['PEXPIRE', f.keys.clientSessions(c), this.#ttl])),
    ])
    touched.forEach((local, i) => {
      local.touchedAt = now
      if (alive[i] === 0 && this.#local.get(local.session.id) === local) {
        // Expired (or deleted) fleet-wide while in use only here: it ends here too.
        this.#local.delete(local.session.id)
        local.session.close('Session expired')
      }
    })
  }

  /**
   * Reads every copy held here again from Redis (see `RedisFleet`: after the pub/sub connection came back):
   * a copy whose session changed is brought up to date, one whose session is gone is closed.
   */
  async resync(): Promise<void> {
    const ids = [...this.#local.keys()]
    for (let i = 0; i < ids.length; i += RESYNC_BATCH) {
      const batch = ids.slice(i, i + RESYNC_BATCH)
      const stored = await this.#fleet.link.command<Array<string | null>>([
        'MGET',
        ...batch.map((id) => this.#key(id)),
      ])
      batch.forEach((id, j) => {
        const local = this.#local.get(id)
        const now = stored[j]
        if (!local || local.session.closed || now === undefined) return
        if (now === null) {
          // Deleted or expired fleet-wide while this instance could not hear it.
          this.#local.delete(id)
          this.#fleet.closeLocally(local.session, 'Session deleted')
        } else if (local.stored !== now) this.#update(local, now)
      })
    }
  }

  /** Closes every copy held here, locally (shutdown). */
  closeAll(reason: string): void {
    for (const local of [...this.#local.values()]) this.#fleet.closeLocally(local.session, reason)
    this.#local.clear()
  }

  #busy(s: ServerSession): boolean {
    return s.hasStandaloneChannel || s.inflight.size > 0 || s.pendingCount > 0
  }

  #update(local: LocalCopy, stored: string): void {
    const snapshot = JSON.parse(stored) as StoredSession
    applySnapshot(local.session, snapshot)
    local.stored = stored
    local.owner = snapshot.owner
  }

  #key(id: string): string {
    return this.#fleet.keys.session(this.#kind, id)
  }

  get #ttl(): string {
    return String(this.#fleet.options.sessionTtlMs)
  }
}
