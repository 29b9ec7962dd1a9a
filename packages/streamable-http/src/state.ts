import type { McpServer, RequestId, ServerSession } from '@edgemcp/core'
import { createSessionId, type RequestEntry, RequestsById } from '@edgemcp/core/internal'
import { ClientLimits } from './admission.js'
import type { EndpointStores } from './default-stores.js'
import type { EventStore } from './event-store.js'
import { EventStream } from './event-stream.js'
import type { FleetSeams } from './fleet.js'
import type { ResolvedOptions } from './options.js'
import type { McpRequestContext } from './request-context.js'
import { usableSession } from './usable-session.js'
import { lookupSession } from './held-sessions.js'
import type { SessionStore } from './session-store.js'
import { type ConnectOptions, webConnect } from './sse-connection.js'

/**
 * Marks a standalone stream's id (`{sessionId}.~{16 hex}`; a hex digit is never `~`), so that a resumption
 * reaching a process that does not hold the stream live (a restart, an evicted Durable Object) knows it was
 * the session's standalone stream and can carry it on.
 */
const STANDALONE_MARK = '~'

/** Whether `streamId` names a standalone stream of `session` (see `STANDALONE_MARK`). */
export const isStandaloneStreamOf = (session: ServerSession, streamId: string): boolean =>
  streamId.startsWith(`${session.id}.${STANDALONE_MARK}`)

/** A request in flight whose answer may still switch from JSON to SSE (see `closeSseStream`). */
export interface PendingAnswer {
  /** Switches the answer to SSE if it has not yet; undefined when this request cannot stream. */
  ensureStream(): EventStream | undefined
}

/**
 * What an `Answer` and its `EventStream` need of the handler that made them: `HandlerState` (sessions, streams,
 * resumption), or the stateless handler's lighter one (`./stateless.ts`), so that a 2026-07-28-only server
 * carries none of the legacy bookkeeping.
 */
export type StreamHost = Pick<
  HandlerState,
  | 'options'
  | 'eventStore'
  | 'newStream'
  | 'connectOf'
  | 'standaloneOf'
  | 'afterRequest'
  | 'addPending'
  | 'removePending'
  | 'streamEnded'
>

/**
 * Bookkeeping of one handler: sessions it has seen, the live SSE streams of each session (for cleanup and
 * resumption), each session's standalone GET stream, and the requests in flight.
 */
export class HandlerState {
  /** The live streams of each legacy session that has any (for cleanup and resumption). */
  readonly #streams = new Map<string, EventStream[]>()
  /**
   * Requests in flight by session id, then JSON-RPC id (a string id and a number id never collide); a list
   * per session, not a Map, for the reason `RequestsById` gives.
   */
  readonly #pending = new Map<string, RequestsById<PendingAnswer>>()
  readonly #hooked = new WeakSet<ServerSession>()
  /** Fair shares per client: sessions, listen streams, unread SSE bytes. */
  readonly limits: ClientLimits
  readonly sessions: SessionStore
  readonly eventStore: EventStore | null
  /** What this handler does for stores shared by a fleet; none when its stores are its own. */
  readonly fleet: FleetSeams | undefined

  constructor(
    readonly server: McpServer,
    readonly options: ResolvedOptions,
    stores: EndpointStores,
  ) {
    this.sessions = stores.sessions
    this.eventStore = stores.eventStore
    this.fleet = stores.fleet
    this.limits = new ClientLimits(options)
  }

  /** The session named by a request, if it exists and belongs to this principal. */
  findSession(
    id: string,
    principal: string | undefined,
  ): ServerSession | undefined | Promise<ServerSession | undefined> {
    // Synchronous when the store holds its sessions here (see `lookupSession`).
    const found = lookupSession(this.sessions, id)
    return found instanceof Promise
      ? found.then((s) => this.#usable(s, principal))
      : this.#usable(found, principal)
  }

  #usable(found: ServerSession | undefined, principal: string | undefined): ServerSession | undefined {
    const session = usableSession(found, principal)
    if (session) this.#hook(session)
    return session
  }

  /**
   * After a request: stores the session it created (`initialize`), then tells `onSessionChange` about the
   * session it may have changed.
   */
  async afterRequest(created: ServerSession | undefined, changed: ServerSession | undefined): Promise<void> {
    if (created) {
      this.#hook(created)
      try {
        await this.sessions.set(created)
      } catch (e) {
        // Not stored (e.g. the store is full): the session never existed for anyone.
        created.close('Session not stored')
        throw e
      }
    }
    if (changed && !changed.closed) await this.options.onSessionChange?.(changed)
  }

  /**
   * On close, a session's live streams end (their events are forgotten), its requests in flight are forgotten
   * here, and its store entry goes.
   */
  #hook(session: ServerSession): void {
    if (this.#hooked.has(session)) return
    this.#hooked.add(session)
    session.onClose(() => {
      const id = session.id
      const streams = this.#streams.get(id)
      this.#streams.delete(id)
      this.#pending.delete(id)
      for (const s of streams ?? []) {
        s.abort()
        void this.eventStore?.deleteStream(s.id)
      }
      void this.sessions.delete(id)
    })
  }

  /**
   * A new SSE stream. Legacy streams (with a session) are resumable when there is an event store; their ids
   * start with the session id, so a `Last-Event-ID` of another session is recognised as foreign (the others
   * need no id). A `standalone` stream carries the session's server-initiated messages; it replaces an older
   * one, which ends. `answering`: the request whose answer a POST stream carries (see `EventStore.open`).
   * `continuing`: the id of a stored standalone stream that carries on here (see `handleGet`), not a new one.
   */
  newStream(
    session: ServerSession | undefined,
    standalone?: boolean,
    answering?: RequestId | null,
    continuing?: string,
  ): EventStream {
    if (!session) return new EventStream('', this)
    // join() builds one flat string: a template literal would keep a rope plus the sliced random id's parent
    // string alive for as long as the stream lives (about 60 bytes more per stream).
    const id =
      continuing ??
      [session.id, (standalone ? STANDALONE_MARK : '') + createSessionId().slice(0, 16)].join('.')
    const stream = new EventStream(id, this, session)
    // A stream carried on is in the store already.
    if (continuing === undefined)
      this.eventStore?.open?.(
        id,
        standalone
          ? { sessionId: session.id, standalone: true }
          : answering == null
            ? { sessionId: session.id }
            : { sessionId: session.id, answering },
      )
    if (standalone) {
      this.standaloneOf(session)?.abort()
      stream.standalone = true
      session.attach((message) => stream.send(message))
    }
    const streams = this.#streams.get(session.id)
    if (streams) streams.push(stream)
    else this.#streams.set(session.id, [stream])
    return stream
  }

  /** The session's standalone stream, if it has one. */
  standaloneOf(session: ServerSession): EventStream | undefined {
    return this.#streams.get(session.id)?.find((s) => s.standalone)
  }

  /** A live stream of a session, by id. */
  liveStream(session: ServerSession, streamId: string): EventStream | undefined {
    return this.#streams.get(session.id)?.find((s) => s.id === streamId)
  }

  /** A stream has ended (see `EventStream.abort`). */
  streamEnded(stream: EventStream): void {
    const session = stream.session
    if (!session) return
    const streams = this.#streams.get(session.id) ?? []
    const i = streams.indexOf(stream)
    if (i >= 0) streams.splice(i, 1)
    if (streams.length === 0) this.#streams.delete(session.id)
    if (stream.standalone) session.attach(undefined)
  }

  /**
   * How an SSE response to request `c` (of `client`) is connected: a web stream ended by the request's
   * signal, plus the runtime's `waitUntil`, if any, with the byte limits of the connection and its client. The Hono app, which may run on @hono/node-server, replaces it (`nodeConnect`),
   * so that the fetch handler on Workers carries none of the node:http path.
   */
  connectOf(c: McpRequestContext, client?: string): ConnectOptions {
    return webConnect(c, this.options, this.limits.budgetOf(client))
  }

  /**
   * Registers a legacy request in flight (see `closeSseStream`); `removePending` takes what this returns. A
   * session's list stays until the session closes (see `#hook`): dropped whenever it emptied, as it was, it
   * came back with most requests and old space grew as it did with a Map per session (see `RequestsById`).
   */
  addPending(
    session: ServerSession,
    requestId: RequestId,
    answer: PendingAnswer,
  ): RequestEntry<PendingAnswer> | undefined {
    if (session.closed) return undefined
    let requests = this.#pending.get(session.id)
    if (requests === undefined) {
      requests = new RequestsById()
      this.#pending.set(session.id, requests)
    }
    return requests.add(requestId, answer)
  }

  removePending(session: ServerSession, entry: RequestEntry<PendingAnswer>): void {
    this.#pending.get(session.id)?.remove(entry)
  }

  /**
   * Closes the SSE connection answering a legacy request without ending its stream (switching the answer
   * to SSE first if needed): the client reconnects with `Last-Event-ID` after `retry` ms and gets the rest.
   */
  readonly closeSseStream = (sessionId: string, requestId: RequestId): boolean => {
    return this.#pending.get(sessionId)?.get(requestId)?.ensureStream()?.dropConnection() === true
  }
}
