import { formatSseComment } from './sse-format.js'

export interface SseConnectionOptions {
  /** Comment every this many ms while open (0: none). */
  keepAliveMs: number
  /** Close the connection after this many ms (0: never); `onExpire` runs first (to send `retry`). */
  lifetimeMs?: number | undefined
  onExpire?: (() => void) | undefined
  /** Runs with every keep-alive comment (e.g. to keep the session from idling out). */
  onKeepAlive?: (() => void) | undefined
  /** Aborts with the HTTP request (client gone). */
  signal?: AbortSignal | undefined
  /** Extra response headers. */
  headers?: Record<string, string> | undefined
}

const encoder = new TextEncoder()

/** Response headers of every SSE stream (2026-07-28 basic/transports/streamable-http "Receiving Messages"). */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const

/**
 * One HTTP response carrying SSE text. Owns its timers; `close()` and client disconnects (stream cancel or
 * request abort) both end it once, clear the timers and run the close listeners.
 */
export class SseConnection {
  readonly response: Response
  private controller!: ReadableStreamDefaultController<Uint8Array>
  private closed = false
  private readonly timers: Array<ReturnType<typeof setInterval>> = []
  private readonly listeners = new Set<() => void>()
  private readonly detachSignal: () => void = () => {}

  constructor(options: SseConnectionOptions) {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller
      },
      cancel: () => this.end(false),
    })
    this.response = new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...options.headers } })
    if (options.keepAliveMs > 0)
      this.timers.push(
        setInterval(() => {
          if (this.write(formatSseComment())) options.onKeepAlive?.()
        }, options.keepAliveMs),
      )
    if (options.lifetimeMs && options.lifetimeMs > 0)
      this.timers.push(
        setTimeout(() => {
          options.onExpire?.()
          this.close()
        }, options.lifetimeMs),
      )
    const signal = options.signal
    if (signal) {
      if (signal.aborted) queueMicrotask(() => this.end(false))
      else {
        const onAbort = () => this.end(false)
        signal.addEventListener('abort', onAbort, { once: true })
        this.detachSignal = () => signal.removeEventListener('abort', onAbort)
      }
    }
  }

  get isOpen(): boolean {
    return !this.closed
  }

  /** Writes SSE text; false when the connection is gone. */
  write(text: string): boolean {
    if (this.closed) return false
    try {
      this.controller.enqueue(encoder.encode(text))
      return true
    } catch {
      this.end(false)
      return false
    }
  }

  /** Ends the response normally. */
  close(): void {
    this.end(true)
  }

  onClose(listener: () => void): void {
    if (this.closed) listener()
    else this.listeners.add(listener)
  }

  private end(closeController: boolean): void {
    if (this.closed) return
    this.closed = true
    for (const t of this.timers) clearInterval(t)
    this.timers.length = 0
    this.detachSignal()
    if (closeController)
      try {
        this.controller.close()
      } catch {
        // already errored or cancelled
      }
    const listeners = [...this.listeners]
    this.listeners.clear()
    for (const l of listeners) l()
  }
}
