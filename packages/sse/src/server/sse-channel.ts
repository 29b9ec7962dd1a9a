import {
  ConnectionClosedError,
  encodeMessage,
  type JsonRpcMessage,
  type Outbound,
  type ServerSession,
} from '@edgemcp/core'
import { formatSseComment, formatSseEvent, SSE_HEADERS } from '@edgemcp/streamable-http'

export interface SseChannelOptions {
  /** Comment every this many ms while open (0: none). */
  keepAliveMs: number
  /** Bytes queued for a client that does not read; beyond this the stream ends as `overflow`. */
  maxBufferedBytes: number
  /** Idle time after which the session is closed (0: never). */
  sessionTtlMs: number
}

/** Why a stream ended: the server closed it, the client went away, or the client read too slowly. */
type CloseReason = 'server' | 'client' | 'overflow'

const CLOSE_DETAIL: Record<CloseReason, string> = {
  server: 'SSE stream closed by the server',
  client: 'SSE stream closed: the client disconnected',
  overflow: 'SSE stream closed: the client did not read its messages',
}

const encoder = new TextEncoder()
const KEEP_ALIVE = formatSseComment()

/**
 * One legacy HTTP+SSE session (2024-11-05 basic/transports "HTTP with SSE"): a `ServerSession` and the HTTP
 * response (an event stream) that carries everything the server sends it, whose first event is `endpoint`.
 * The two end together, once: a client that disconnects (or stops reading) closes the session (its handlers
 * are aborted, its pending server→client requests rejected), and a session that closes (expired, evicted,
 * server shutdown) ends the stream. Unlike the short-lived streams of Streamable HTTP the stream lives as long
 * as its session, so it counts the bytes the client has not read yet and gives up on a client that stops
 * reading instead of buffering without bound.
 */
export class SseChannel {
  readonly response: Response
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #ended: CloseReason | undefined
  #keepAlive: ReturnType<typeof setInterval> | undefined
  #watchdog: ReturnType<typeof setTimeout> | undefined
  #detachSignal: (() => void) | undefined
  readonly #options: SseChannelOptions
  readonly #onEnd: () => void

  /**
   * `endpoint` is the URI the client must POST its messages to; `signal` aborts with the HTTP request (client
   * gone); `onEnd` runs once when the session and its stream have ended.
   */
  constructor(
    readonly session: ServerSession,
    options: SseChannelOptions,
    endpoint: string,
    signal: AbortSignal,
    onEnd: () => void,
  ) {
    this.#options = options
    this.#onEnd = onEnd
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller
        },
        cancel: () => this.#end('client'),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    )
    this.response = new Response(body, { status: 200, headers: SSE_HEADERS })
    this.#write(formatSseEvent({ event: 'endpoint', data: endpoint }))
    if (options.keepAliveMs > 0)
      this.#keepAlive = setInterval(() => {
        // A keep-alive due when the client had read everything before it is a sign of life.
        const drained = this.#buffered() === 0
        if (this.#write(KEEP_ALIVE) && drained) session.lastActivity = Date.now()
      }, options.keepAliveMs)
    if (signal.aborted) queueMicrotask(() => this.#end('client'))
    else {
      const onAbort = () => this.#end('client')
      signal.addEventListener('abort', onAbort, { once: true })
      this.#detachSignal = () => signal.removeEventListener('abort', onAbort)
    }
    session.onClose(() => this.#end('server'))
    this.#arm(options.sessionTtlMs)
  }

  get isOpen(): boolean {
    return this.#ended === undefined && !this.session.closed
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
    return this.isOpen && this.#write(formatSseEvent({ event: 'message', data: encodeMessage(message) }))
  }

  /** Bytes written but not yet taken by the client. */
  #buffered(): number {
    return Math.max(0, -(this.#controller.desiredSize ?? 0))
  }

  /** Queues SSE text; false when the stream is gone (or has just been given up as too slow). */
  #write(text: string): boolean {
    if (this.#ended) return false
    try {
      this.#controller.enqueue(encoder.encode(text))
    } catch {
      this.#end('client')
      return false
    }
    if (this.#buffered() <= this.#options.maxBufferedBytes) return true
    this.#end('overflow')
    return false
  }

  /** Closes the session once it has been idle (no request, no keep-alive that reached the stream) for the TTL. */
  #arm(delayMs: number): void {
    const ttl = this.#options.sessionTtlMs
    if (ttl <= 0 || this.#ended) return
    this.#watchdog = setTimeout(() => {
      const idle = Date.now() - this.session.lastActivity
      if (idle >= ttl) this.session.close('Session expired')
      else this.#arm(ttl - idle)
    }, delayMs)
  }

  #end(reason: CloseReason): void {
    if (this.#ended) return
    this.#ended = reason
    clearInterval(this.#keepAlive)
    clearTimeout(this.#watchdog)
    this.#detachSignal?.()
    if (reason !== 'client')
      try {
        // An overflowing client gets an error so the platform drops what is queued instead of flushing it.
        if (reason === 'overflow') this.#controller.error(new Error('SSE client too slow'))
        else this.#controller.close()
      } catch {
        // already errored or cancelled
      }
    // Nothing happens when the session closed first (reason `server`).
    this.session.close(CLOSE_DETAIL[reason])
    this.#onEnd()
  }
}
