import { formatSseComment, SSE_HEADERS } from '@edgemcp/streamable-http'

export interface SseStreamOptions {
  /** Comment every this many ms while open (0: none). */
  keepAliveMs: number
  /** Bytes queued for a client that does not read; beyond this the stream is closed as `overflow`. */
  maxBufferedBytes: number
  /** Aborts with the HTTP request (client gone). */
  signal?: AbortSignal | undefined
  /** Runs after a keep-alive comment when the client had read everything before it (a sign of life). */
  onKeepAlive?: (() => void) | undefined
}

/** Why a stream ended: the server closed it, the client went away, or the client read too slowly. */
export type SseCloseReason = 'server' | 'client' | 'overflow'

const encoder = new TextEncoder()
const KEEP_ALIVE = formatSseComment()

/**
 * The HTTP response of one legacy SSE connection. Unlike the short-lived streams of Streamable HTTP it lives as
 * long as its session, so it counts the bytes the client has not read yet and gives up on a client that stops
 * reading instead of buffering without bound. Ends once; close listeners run once.
 */
export class SseStream {
  readonly response: Response
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #ended: SseCloseReason | undefined
  #timer: ReturnType<typeof setInterval> | undefined
  readonly #listeners = new Set<(reason: SseCloseReason) => void>()
  #detachSignal: () => void = () => {}
  readonly #maxBufferedBytes: number

  constructor(options: SseStreamOptions) {
    this.#maxBufferedBytes = options.maxBufferedBytes
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
    if (options.keepAliveMs > 0)
      this.#timer = setInterval(() => {
        const drained = this.bufferedBytes === 0
        if (this.write(KEEP_ALIVE) && drained) options.onKeepAlive?.()
      }, options.keepAliveMs)
    const signal = options.signal
    if (signal) {
      if (signal.aborted) queueMicrotask(() => this.#end('client'))
      else {
        const onAbort = () => this.#end('client')
        signal.addEventListener('abort', onAbort, { once: true })
        this.#detachSignal = () => signal.removeEventListener('abort', onAbort)
      }
    }
  }

  get isOpen(): boolean {
    return this.#ended === undefined
  }

  /** Why the stream ended; undefined while open. */
  get closeReason(): SseCloseReason | undefined {
    return this.#ended
  }

  /** Bytes written but not yet taken by the client. */
  get bufferedBytes(): number {
    return Math.max(0, -(this.#controller.desiredSize ?? 0))
  }

  /** Queues SSE text; false when the stream is gone (or has just been given up as too slow). */
  write(text: string): boolean {
    if (this.#ended) return false
    try {
      this.#controller.enqueue(encoder.encode(text))
    } catch {
      this.#end('client')
      return false
    }
    if (this.bufferedBytes > this.#maxBufferedBytes) {
      this.#end('overflow')
      return false
    }
    return true
  }

  /** Ends the response normally. */
  close(): void {
    this.#end('server')
  }

  /** Runs `listener` once the stream has ended (at once if it already has). */
  onClose(listener: (reason: SseCloseReason) => void): void {
    if (this.#ended) listener(this.#ended)
    else this.#listeners.add(listener)
  }

  #end(reason: SseCloseReason): void {
    if (this.#ended) return
    this.#ended = reason
    clearInterval(this.#timer)
    this.#timer = undefined
    this.#detachSignal()
    this.#detachSignal = () => {}
    if (reason !== 'client')
      try {
        // An overflowing client gets an error so the platform drops what is queued instead of flushing it.
        if (reason === 'overflow') this.#controller.error(new Error('SSE client too slow'))
        else this.#controller.close()
      } catch {
        // already errored or cancelled
      }
    const listeners = [...this.#listeners]
    this.#listeners.clear()
    for (const l of listeners) l(reason)
  }
}
