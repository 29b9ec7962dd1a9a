import { encodeMessage, type JsonRpcMessage, type ServerSession } from '@edgemcp/core'
import type { EventStore } from './event-store.js'
import type { NodeOutgoing } from './node-outgoing.js'
import {
  type SseConnection,
  type SseConnectionClass,
  type SseConnectionOwner,
  WebSseConnection,
} from './sse-connection.js'
import { formatSseEvent } from './sse-format.js'

/** The settings of a family of streams (one object per handler, shared by all its streams). */
export interface EventStreamConfig {
  /** Where events are recorded for `Last-Event-ID` resumption; null for streams that cannot resume. */
  eventStore: EventStore | null
  /** `retry` (ms) announced in the priming event and before a server-initiated close. */
  retryMs: number
  keepAliveMs: number
  /** Close each connection after this long (resumable streams only); the client resumes after `retry`. */
  connectionLifetimeMs: number
  /** A keep-alive comment went out on one of the stream's connections. */
  onKeepAlive?: ((stream: EventStream) => void) | undefined
  /** Called once when the stream has ended (final message sent, or closed). */
  onEnd?: ((stream: EventStream) => void) | undefined
}

export interface ConnectOptions {
  /** The HTTP request's signal (client gone). Not read when `node` is given. */
  signal?: AbortSignal | undefined
  /** On @hono/node-server: the node:http response, written to directly (see `nodeOutgoingOf`). */
  node?: NodeOutgoing | undefined
  /** The kind of connection; default `WebSseConnection` (`NodeSseConnection` with `node`). */
  Connection?: SseConnectionClass | undefined
  headers?: Record<string, string> | undefined
  /** Gets a promise that settles when the connection closes (the `waitUntil` of the request, if any). */
  hold?: ((closed: Promise<void>) => void) | undefined
}

const noop = () => {}
const settled: Promise<void> = Promise.resolve()

/**
 * One logical SSE stream (a POST response stream, a standalone GET stream, or a subscriptions/listen stream).
 * Messages go out in order through one queue. A resumable stream records every message in the event store
 * and outlives its HTTP connections: after a disconnect, `resume` replays what the client missed and carries
 * on, with nothing lost or sent twice (2025-11-25 basic/transports "Resumability and Redelivery").
 */
export class EventStream implements SseConnectionOwner {
  #queue: Promise<void> = settled
  #connection: SseConnection | undefined
  #ended = false
  #onDisconnect: (() => void) | undefined

  readonly #config: EventStreamConfig

  constructor(
    readonly id: string,
    config: EventStreamConfig,
    /** The legacy session the stream belongs to, if any. */
    readonly session?: ServerSession,
  ) {
    this.#config = config
  }

  get resumable(): boolean {
    return this.#config.eventStore !== null
  }

  get isEnded(): boolean {
    return this.#ended
  }

  /** Whether an HTTP connection is attached right now. */
  get isConnected(): boolean {
    return this.#connection?.isOpen === true
  }

  /**
   * The first connection: a new response that starts with the priming event (id + retry) when resumable.
   * `onDisconnect` runs when the connection attached at the time closes while the stream goes on (the client
   * went away, or `dropConnection`).
   */
  open(connect: ConnectOptions = {}, onDisconnect?: () => void): Response {
    const connection = this.#newConnection(connect)
    this.#onDisconnect = onDisconnect
    this.#connection = connection
    const store = this.#config.eventStore
    if (store)
      this.#enqueue(async () => {
        const id = await store.append(this.id, null)
        connection.write(formatSseEvent({ id, retry: this.#config.retryMs, data: '' }))
      })
    return connection.takeResponse()
  }

  /** Sends one message (recorded first when resumable). Ignored once the stream has ended. */
  send(message: JsonRpcMessage): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#ended) return
      const store = this.#config.eventStore
      const id = store ? await store.append(this.id, message) : undefined
      this.#connection?.write(formatSseEvent({ id, data: encodeMessage(message) }))
    })
  }

  /** Ends the stream after everything queued: the connection closes, nothing more is sent. */
  end(): Promise<void> {
    return this.#enqueue(async () => this.#finish())
  }

  /** Ends the stream now, dropping what is queued (session closed, server shutting down). */
  abort(): void {
    this.#finish()
  }

  /**
   * A client reconnected with `Last-Event-ID`: a new response replaying the events after that id, then
   * continuing live (or closing, if the stream has ended). Replaces an older connection.
   */
  resume(lastEventId: string, connect: ConnectOptions = {}): Response {
    const connection = this.#newConnection(connect)
    const store = this.#config.eventStore
    this.#enqueue(async () => {
      const replay = store ? await store.replayAfter(lastEventId) : undefined
      for (const e of replay?.events ?? [])
        connection.write(formatSseEvent({ id: e.id, data: encodeMessage(e.message) }))
      if (this.#ended) {
        connection.close()
        return
      }
      const previous = this.#connection
      this.#connection = connection
      if (previous !== connection) previous?.close()
    })
    return connection.takeResponse()
  }

  /** Closes the current connection but not the stream (polling): `retry` first, the client comes back. */
  dropConnection(): void {
    const connection = this.#connection
    if (!connection) return
    this.#enqueue(async () => {
      connection.write(formatSseEvent({ retry: this.#config.retryMs }))
      connection.close()
    })
  }

  /** @internal SseConnectionOwner */
  keptAlive(): void {
    this.#config.onKeepAlive?.(this)
  }

  /** @internal SseConnectionOwner: a connection reached its lifetime; the client resumes after `retry`. */
  expiring(connection: SseConnection): void {
    connection.write(formatSseEvent({ retry: this.#config.retryMs }))
  }

  /** @internal SseConnectionOwner */
  closed(connection: SseConnection): void {
    if (connection !== this.#connection) return
    this.#connection = undefined
    this.#onDisconnect?.()
  }

  #newConnection(connect: ConnectOptions): SseConnection {
    const config = this.#config
    const connection = new (connect.Connection ?? WebSseConnection)({
      keepAliveMs: config.keepAliveMs,
      lifetimeMs: config.eventStore !== null ? config.connectionLifetimeMs : 0,
      signal: connect.node ? undefined : connect.signal,
      node: connect.node,
      headers: connect.headers,
      owner: this,
    })
    connect.hold?.(new Promise<void>((resolve) => connection.onClose(resolve)))
    return connection
  }

  #finish(): void {
    if (this.#ended) return
    this.#ended = true
    const connection = this.#connection
    this.#connection = undefined
    this.#onDisconnect = undefined
    connection?.close()
    this.#config.onEnd?.(this)
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task)
    this.#queue = run.catch(noop)
    return run
  }
}
