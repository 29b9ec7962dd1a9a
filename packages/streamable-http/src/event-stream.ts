import { encodeMessage, type JsonRpcMessage, type ServerSession } from '@edgemcp/core'
import type { RequestCancellation } from './cancellation.js'
import type { EventStore, StoredEvent } from './event-store.js'
import {
  type ConnectOptions,
  type SseConnection,
  type SseConnectionOwner,
  WebSseConnection,
} from './sse-connection.js'
import { formatSseEvent } from './sse-format.js'
import type { StreamHost } from './state.js'

const noop = () => {}
const settled: Promise<void> = Promise.resolve()

/** Writes stored events (a replay) to a connection. */
function writeEvents(connection: SseConnection, events: readonly StoredEvent[] = []): void {
  for (const e of events) connection.write(formatSseEvent({ id: e.id, data: encodeMessage(e.message) }))
}

/** A stream that has ended (or lives in another isolate): the events the client missed, then the end. */
export function replayOnly(events: readonly StoredEvent[], connect: ConnectOptions): Response {
  const connection = new (connect.Connection ?? WebSseConnection)(connect, 0)
  writeEvents(connection, events)
  connection.close()
  return connection.takeResponse()
}

/**
 * Resumption of a stream that is live on another instance (see `EventStore.follow`): the events the client
 * missed, then each one as it is appended elsewhere, until the stream ends or the client goes away.
 */
export function followStream(
  store: EventStore,
  streamId: string,
  lastEventId: string,
  missed: readonly StoredEvent[],
  connect: ConnectOptions,
  keepAliveMs: number,
): Response {
  const gone = new AbortController()
  const connection = new (connect.Connection ?? WebSseConnection)(connect, keepAliveMs, 0, {
    closed: () => gone.abort(),
  })
  writeEvents(connection, missed)
  const after = missed.at(-1)?.id ?? lastEventId
  void (async () => {
    for await (const e of store.follow?.(streamId, after, gone.signal) ?? []) writeEvents(connection, [e])
  })()
    .catch(noop)
    .finally(() => connection.close())
  return connection.takeResponse()
}

/**
 * One logical SSE stream (a POST response stream, a standalone GET stream, or a subscriptions/listen stream).
 * Messages go out in order through one queue. A resumable stream (one of a legacy session, when the handler
 * has an event store) records every message in the event store and outlives its HTTP connections: after a
 * disconnect, `resume` replays what the client missed and carries on, with nothing lost or sent twice
 * (2025-11-25 basic/transports "Resumability and Redelivery"). Its settings are its handler's.
 */
export class EventStream implements SseConnectionOwner {
  /** The session's standalone stream (see `HandlerState.newStream`). */
  standalone = false
  #queue: Promise<void> = settled
  #connection: SseConnection | undefined
  #ended = false
  /** Closed when the client of a stream that cannot resume goes away (a modern request's cancellation). */
  #cancellation: RequestCancellation | undefined
  readonly #state: StreamHost
  /** Where events are recorded for `Last-Event-ID` resumption; null when the stream cannot resume. */
  readonly #store: EventStore | null

  constructor(
    readonly id: string,
    state: StreamHost,
    /** The legacy session the stream belongs to, if any. */
    readonly session?: ServerSession,
  ) {
    this.#state = state
    this.#store = session ? state.eventStore : null
  }

  /** Whether an HTTP connection is attached right now. */
  get isConnected(): boolean {
    return this.#connection?.isOpen === true
  }

  /**
   * The first connection: a new response that starts with the priming event (id + retry) when resumable.
   * `cancellation` is closed when the client of a stream that cannot resume goes away (the stream then ends).
   */
  open(connect: ConnectOptions, cancellation?: RequestCancellation): Response {
    const connection = this.#newConnection(connect)
    this.#cancellation = cancellation
    this.#connection = connection
    const store = this.#store
    if (store)
      this.#enqueue(async () => {
        const id = await store.append(this.id, null)
        connection.write(formatSseEvent({ id, retry: this.#state.options.retryMs, data: '' }))
      })
    return connection.takeResponse()
  }

  /** Sends one message (recorded first when resumable). Ignored once the stream has ended. */
  send(message: JsonRpcMessage): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#ended) return
      const store = this.#store
      const id = store ? await store.append(this.id, message) : undefined
      this.#connection?.write(formatSseEvent({ id, data: encodeMessage(message) }))
    })
  }

  /** Ends the stream after everything queued: the connection closes, nothing more is sent. */
  end(): Promise<void> {
    return this.#enqueue(async () => this.abort())
  }

  /** Ends the stream now, dropping what is queued (session closed, server shutting down). */
  abort(): void {
    if (this.#ended) return
    this.#ended = true
    const connection = this.#connection
    this.#connection = undefined
    this.#cancellation = undefined
    connection?.close()
    this.#state.streamEnded(this)
    // A shared store tells those following the stream on other instances (see `EventStore.end`).
    this.#store?.end?.(this.id).catch(noop)
  }

  /**
   * A client of this resumable stream reconnected with `Last-Event-ID`: a new response replaying the events
   * after that id, then continuing live (or closing, if the stream has ended). Replaces an older connection.
   */
  resume(lastEventId: string, connect: ConnectOptions): Response {
    const connection = this.#newConnection(connect)
    this.#enqueue(async () => {
      writeEvents(connection, (await this.#store?.replayAfter(lastEventId))?.events)
      if (this.#ended) return connection.close()
      const previous = this.#connection
      this.#connection = connection
      previous?.close()
    }).catch(() => {
      // The replay failed (a shared store went away after the request's own lookup): this connection was
      // never attached, so nothing would ever end it but the client's patience. It closes now; the client
      // resumes again after `retry` and is answered once the store is back (or told 503 meanwhile).
      connection.close()
    })
    return connection.takeResponse()
  }

  /**
   * Closes the current connection but not the stream (polling): `retry` first, the client comes back. False
   * (nothing done) when the stream cannot resume.
   */
  dropConnection(): boolean {
    const connection = this.#connection
    if (connection && this.#store)
      this.#enqueue(async () => {
        this.expiring(connection)
        connection.close()
      })
    return this.#store !== null
  }

  /** @internal SseConnectionOwner: a keep-alive went out, so a legacy session is still in use. */
  keptAlive(): void {
    if (this.session) this.session.lastActivity = Date.now()
  }

  /** @internal SseConnectionOwner: a connection reached its lifetime; the client resumes after `retry`. */
  expiring(connection: SseConnection): void {
    connection.write(formatSseEvent({ retry: this.#state.options.retryMs }))
  }

  /** @internal SseConnectionOwner: a stream that cannot resume ends with its connection (the client left). */
  closed(connection: SseConnection): void {
    if (connection !== this.#connection) return
    this.#connection = undefined
    if (this.#store) return
    this.#cancellation?.close(new Error('client closed the stream'))
    this.abort()
  }

  /** A connection of this stream; only resumable streams close theirs after `sseConnectionLifetimeMs`. */
  #newConnection(connect: ConnectOptions): SseConnection {
    const o = this.#state.options
    return new (connect.Connection ?? WebSseConnection)(
      connect,
      o.keepAliveMs,
      this.#store ? o.sseConnectionLifetimeMs : 0,
      this,
    )
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(noop)
    return run
  }
}
