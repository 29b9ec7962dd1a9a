import { encodeMessage, type JsonRpcMessage } from '@edgemcp/core'
import type { EventStore } from './event-store.js'
import { SseConnection } from './sse-connection.js'
import { formatSseEvent } from './sse-format.js'

export interface EventStreamOptions {
  /** Where events are recorded for `Last-Event-ID` resumption; null for a stream that cannot resume. */
  eventStore: EventStore | null
  /** `retry` (ms) announced in the priming event and before a server-initiated close. */
  retryMs: number
  keepAliveMs: number
  /** Close each connection after this long (resumable streams only); the client resumes after `retry`. */
  connectionLifetimeMs: number
  onKeepAlive?: (() => void) | undefined
  /** Called once when the stream has ended (final message sent, or closed). */
  onEnd?: (() => void) | undefined
}

export interface ConnectOptions {
  signal?: AbortSignal | undefined
  headers?: Record<string, string> | undefined
  /** Gets a promise that settles when the connection closes (the `waitUntil` of the request, if any). */
  hold?: ((closed: Promise<void>) => void) | undefined
}

/**
 * One logical SSE stream (a POST response stream, a standalone GET stream, or a subscriptions/listen stream).
 * Messages go out in order through one queue. A resumable stream records every message in the event store
 * and outlives its HTTP connections: after a disconnect, `resume` replays what the client missed and carries
 * on, with nothing lost or sent twice (2025-11-25 basic/transports "Resumability and Redelivery").
 */
export class EventStream {
  private queue: Promise<void> = Promise.resolve()
  private connection: SseConnection | undefined
  private ended = false

  constructor(
    readonly id: string,
    private readonly options: EventStreamOptions,
  ) {}

  get resumable(): boolean {
    return this.options.eventStore !== null
  }

  get isEnded(): boolean {
    return this.ended
  }

  /** Whether an HTTP connection is attached right now. */
  get isConnected(): boolean {
    return this.connection?.isOpen === true
  }

  /** The first connection: a new response that starts with the priming event (id + retry) when resumable. */
  open(connect: ConnectOptions = {}, onDisconnect?: () => void): Response {
    const connection = this.newConnection(connect)
    if (onDisconnect) connection.onClose(() => this.connection === connection && onDisconnect())
    this.connection = connection
    const store = this.options.eventStore
    if (store)
      this.enqueue(async () => {
        const id = await store.append(this.id, null)
        connection.write(formatSseEvent({ id, retry: this.options.retryMs, data: '' }))
      })
    return connection.response
  }

  /** Sends one message (recorded first when resumable). Ignored once the stream has ended. */
  send(message: JsonRpcMessage): Promise<void> {
    return this.enqueue(async () => {
      if (this.ended) return
      const store = this.options.eventStore
      const id = store ? await store.append(this.id, message) : undefined
      this.connection?.write(formatSseEvent({ id, data: encodeMessage(message) }))
    })
  }

  /** Ends the stream after everything queued: the connection closes, nothing more is sent. */
  end(): Promise<void> {
    return this.enqueue(async () => this.finish())
  }

  /** Ends the stream now, dropping what is queued (session closed, server shutting down). */
  abort(): void {
    this.finish()
  }

  /**
   * A client reconnected with `Last-Event-ID`: a new response replaying the events after that id, then
   * continuing live (or closing, if the stream has ended). Replaces an older connection.
   */
  resume(lastEventId: string, connect: ConnectOptions = {}): Response {
    const connection = this.newConnection(connect)
    const store = this.options.eventStore
    this.enqueue(async () => {
      const replay = store ? await store.replayAfter(lastEventId) : undefined
      for (const e of replay?.events ?? [])
        connection.write(formatSseEvent({ id: e.id, data: encodeMessage(e.message) }))
      if (this.ended) {
        connection.close()
        return
      }
      const previous = this.connection
      this.connection = connection
      if (previous !== connection) previous?.close()
    })
    return connection.response
  }

  /** Closes the current connection but not the stream (polling): `retry` first, the client comes back. */
  dropConnection(): void {
    const connection = this.connection
    if (!connection) return
    this.enqueue(async () => {
      connection.write(formatSseEvent({ retry: this.options.retryMs }))
      connection.close()
    })
  }

  private newConnection(connect: ConnectOptions): SseConnection {
    const resumable = this.resumable
    const connection: SseConnection = new SseConnection({
      keepAliveMs: this.options.keepAliveMs,
      lifetimeMs: resumable ? this.options.connectionLifetimeMs : 0,
      onExpire: () => connection.write(formatSseEvent({ retry: this.options.retryMs })),
      onKeepAlive: this.options.onKeepAlive,
      signal: connect.signal,
      headers: connect.headers,
    })
    connect.hold?.(new Promise<void>((resolve) => connection.onClose(resolve)))
    return connection
  }

  private finish(): void {
    if (this.ended) return
    this.ended = true
    const connection = this.connection
    this.connection = undefined
    connection?.close()
    this.options.onEnd?.()
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task)
    this.queue = run.catch(() => {})
    return run
  }
}
