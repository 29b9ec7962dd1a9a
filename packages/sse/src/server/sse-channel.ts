import {
  ConnectionClosedError,
  encodeMessage,
  isRequest,
  type JsonRpcMessage,
  type Outbound,
  type ServerSession,
} from '@edgemcp/core'
import {
  type CloseReason,
  type ConnectOptions,
  formatSseEvent,
  type SseConnectionOwner,
  WebSseConnection,
} from '@edgemcp/streamable-http/internal'

export interface SseChannelOptions {
  /** Comment every this many ms while open (0: none). */
  keepAliveMs: number
  /** Bytes queued for a client that does not read; beyond this the stream ends as `overflow`. */
  maxBufferedBytes: number
  /** Idle time after which the session is closed (0: never). */
  sessionTtlMs: number
}

const CLOSE_DETAIL: Record<CloseReason, string> = {
  server: 'SSE stream closed by the server',
  client: 'SSE stream closed: the client disconnected',
  overflow: 'SSE stream closed: the client did not read its messages',
}

/**
 * One legacy HTTP+SSE session (2024-11-05 basic/transports "HTTP with SSE"): a `ServerSession` and the HTTP
 * response (an event stream) that carries everything the server sends it, whose first event is `endpoint`.
 * The two end together, once: a client that disconnects (or stops reading) closes the session (its handlers
 * are aborted, its pending server→client requests rejected), and a session that closes (expired, evicted,
 * server shutdown) ends the stream. Unlike the short-lived streams of Streamable HTTP the stream lives as long
 * as its session, so it gives up on a client that stops reading (`maxBufferedBytes`) instead of buffering
 * without bound.
 */
export class SseChannel extends WebSseConnection {
  #watchdog: ReturnType<typeof setTimeout> | undefined
  readonly #ttl: number

  /**
   * `endpoint` is the URI the client must POST its messages to; `connect.signal` aborts with the HTTP request
   * (client gone); the owner is told once the session and its stream have ended.
   */
  constructor(
    readonly session: ServerSession,
    options: SseChannelOptions,
    endpoint: string,
    connect: ConnectOptions,
    owner?: SseConnectionOwner,
  ) {
    super({ ...connect, maxBufferedBytes: options.maxBufferedBytes }, options.keepAliveMs, 0, owner)
    this.#ttl = options.sessionTtlMs
    this.write(formatSseEvent({ event: 'endpoint', data: endpoint }))
    session.onClose(() => this.close())
    this.#arm(this.#ttl)
  }

  override get isOpen(): boolean {
    return !this.closed && !this.session.closed
  }

  /**
   * The session's outbound channel, and the `emit` of every request it POSTs: each message becomes one
   * `message` event. A server→client request on a stream that is gone fails (so it is rejected at once, not
   * left to time out); notifications and responses for a gone stream are dropped.
   */
  readonly outbound: Outbound = (message: JsonRpcMessage) => {
    if (this.deliver(message) || !isRequest(message)) return
    // A rejected promise, not a throw: the session then clears the request's timer and pending entry at once.
    return Promise.reject(
      new ConnectionClosedError(`Cannot send ${message.method}: the SSE stream of this session has closed`),
    )
  }

  /** Writes a message or a batch of responses; false when the stream is gone. */
  deliver(message: JsonRpcMessage | JsonRpcMessage[]): boolean {
    return this.isOpen && this.write(formatSseEvent({ event: 'message', data: encodeMessage(message) }))
  }

  /** A keep-alive due when the client had read everything before it is a sign of life. */
  protected override keepAlive(): boolean {
    const drained = this.buffered === 0
    if (!super.keepAlive()) return false
    if (drained) this.session.lastActivity = Date.now()
    return true
  }

  /** Closes the session once it has been idle (no request, no keep-alive that reached the stream) for the TTL. */
  #arm(delayMs: number): void {
    const ttl = this.#ttl
    if (ttl <= 0 || this.closed) return
    this.#watchdog = setTimeout(() => {
      const idle = Date.now() - this.session.lastActivity
      if (idle >= ttl) this.session.close('Session expired')
      else this.#arm(ttl - idle)
    }, delayMs)
  }

  protected override finish(reason: CloseReason): void {
    super.finish(reason)
    clearTimeout(this.#watchdog)
    // Nothing happens when the session closed first (reason `server`).
    this.session.close(CLOSE_DETAIL[reason])
  }
}
