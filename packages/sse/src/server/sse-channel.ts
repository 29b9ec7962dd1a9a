import {
  ConnectionClosedError,
  encodeMessage,
  type JsonRpcMessage,
  type Outbound,
  type ServerSession,
} from '@edgemcp/core'
import { formatSseEvent } from '@edgemcp/streamable-http'
import type { SseCloseReason, SseStream } from './sse-stream.js'

const CLOSE_DETAIL: Record<SseCloseReason, string> = {
  server: 'SSE stream closed by the server',
  client: 'SSE stream closed: the client disconnected',
  overflow: 'SSE stream closed: the client did not read its messages',
}

/**
 * One legacy HTTP+SSE session (2024-11-05 basic/transports "HTTP with SSE"): a `ServerSession` and the event
 * stream that carries everything the server sends it. The two end together: a client that disconnects closes
 * the session (its handlers are aborted, its pending server→client requests rejected), and a session that
 * closes (expired, evicted, server shutdown) ends the stream.
 */
export class SseChannel {
  #watchdog: ReturnType<typeof setTimeout> | undefined
  readonly #endListeners = new Set<() => void>()
  #finished = false

  readonly #ttlMs: number

  constructor(
    readonly session: ServerSession,
    readonly stream: SseStream,
    ttlMs: number,
  ) {
    this.#ttlMs = ttlMs
    stream.onClose((reason) => {
      session.close(CLOSE_DETAIL[reason])
      this.#finish()
    })
    session.onClose(() => {
      stream.close()
      this.#finish()
    })
    this.#arm(ttlMs)
  }

  get isOpen(): boolean {
    return this.stream.isOpen && !this.session.closed
  }

  /** Writes the `endpoint` event: the URI the client must POST its messages to. */
  sendEndpoint(uri: string): void {
    this.stream.write(formatSseEvent({ event: 'endpoint', data: uri }))
  }

  /**
   * The session's outbound channel, and the `emit` of every request it POSTs: each message becomes one
   * `message` event. A server→client request on a stream that is gone fails (so it is rejected at once, not
   * left to time out); notifications and responses for a gone stream are dropped.
   */
  readonly send: Outbound = (message: JsonRpcMessage) => {
    if (this.deliver(message) || !('method' in message && 'id' in message)) return
    // A rejected promise, not a throw: the session then clears the request's timer and pending entry at once.
    return Promise.reject(
      new ConnectionClosedError(`Cannot send ${message.method}: the SSE stream of this session has closed`),
    )
  }

  /** Writes a message or a batch of responses; false when the stream is gone. */
  deliver(message: JsonRpcMessage | JsonRpcMessage[]): boolean {
    if (!this.isOpen) return false
    return this.stream.write(formatSseEvent({ event: 'message', data: encodeMessage(message) }))
  }

  /** Runs `listener` once when the session and its stream have ended. */
  onEnd(listener: () => void): void {
    if (this.#finished) listener()
    else this.#endListeners.add(listener)
  }

  /** Closes the session once it has been idle (no request, no keep-alive that reached the stream) for the TTL. */
  #arm(delayMs: number): void {
    if (this.#ttlMs <= 0 || this.#finished) return
    this.#watchdog = setTimeout(() => {
      const idle = Date.now() - this.session.lastActivity
      if (idle >= this.#ttlMs) this.session.close('Session expired')
      else this.#arm(this.#ttlMs - idle)
    }, delayMs)
  }

  #finish(): void {
    if (this.#finished) return
    this.#finished = true
    clearTimeout(this.#watchdog)
    this.#watchdog = undefined
    const listeners = [...this.#endListeners]
    this.#endListeners.clear()
    for (const l of listeners) l()
  }
}
