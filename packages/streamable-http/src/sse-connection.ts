import type { NodeOutgoing } from './node-outgoing.js'
import { formatSseComment } from './sse-format.js'
import type { KeepAliveTarget } from './sse-keep-alive.js'

/** What a connection tells its owner: methods, so that an owner needs no closure per connection. */
export interface SseConnectionOwner {
  /** A keep-alive tick passed while the connection is open. */
  keptAlive?(connection: SseConnection): void
  /** The lifetime is over: a last event (e.g. `retry`) may be written; the connection closes right after. */
  expiring?(connection: SseConnection): void
  /** The connection has closed, by either side. */
  closed?(connection: SseConnection): void
}

export interface SseConnectionOptions {
  /** Comment every this many ms while open (0: none). */
  keepAliveMs: number
  /** Close the connection after this many ms (0: never); the owner's `expiring` runs first. */
  lifetimeMs?: number | undefined
  /** Aborts with the HTTP request (client gone). Not used with `node`. */
  signal?: AbortSignal | undefined
  /**
   * The node:http response to write to directly (`NodeSseConnection` only, see `nodeOutgoingOf`): a client
   * disconnect is then its `close` event.
   */
  node?: NodeOutgoing | undefined
  /** Extra response headers. */
  headers?: Record<string, string> | undefined
  owner?: SseConnectionOwner | undefined
}

/** A kind of connection: `WebSseConnection`, or on Node `NodeSseConnection`. */
export type SseConnectionClass = new (options: SseConnectionOptions) => SseConnection

/** Response headers of every SSE stream (2026-07-28 basic/transports/streamable-http "Receiving Messages"). */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const

export const KEEP_ALIVE = formatSseComment()

export type Timer = ReturnType<typeof setTimeout>

/**
 * One HTTP response carrying SSE text. Owns its timers; `close()` and client disconnects end it once, clear the
 * timers and tell the owner. What carries the text is up to the subclass: a web `ReadableStream`
 * (`WebSseConnection`, every runtime) or the node:http response itself (`NodeSseConnection`, reachable only
 * from the Hono app, so that the Worker bundle carries none of it).
 */
export abstract class SseConnection implements KeepAliveTarget {
  protected response: Response | undefined
  protected readonly owner: SseConnectionOwner | undefined
  protected closed = false
  #lifetime: Timer | undefined
  #listeners: Array<() => void> | undefined

  constructor(options: SseConnectionOptions) {
    this.owner = options.owner
    if (options.lifetimeMs && options.lifetimeMs > 0)
      this.#lifetime = setTimeout(() => this.#expire(), options.lifetimeMs)
  }

  get isOpen(): boolean {
    return !this.closed
  }

  /** The HTTP response for this connection; handed out once (the connection does not keep it). */
  takeResponse(): Response {
    const response = this.response
    if (!response) throw new Error('SseConnection: the response was already taken')
    this.response = undefined
    return response
  }

  /** Writes SSE text; false when the connection is gone. */
  write(text: string): boolean {
    return !this.closed && this.send(text)
  }

  /** Ends the response normally (on Node, after anything still held). */
  close(): void {
    this.end(true)
  }

  onClose(listener: () => void): void {
    if (this.closed) listener()
    else if (this.#listeners) this.#listeners.push(listener)
    else this.#listeners = [listener]
  }

  /** @internal A keep-alive period passed. */
  tick(): void {
    if (!this.closed && this.keepAlive()) this.owner?.keptAlive?.(this)
  }

  /** Writes a keep-alive comment; false when the connection turned out to be gone. */
  protected keepAlive(): boolean {
    return this.write(KEEP_ALIVE)
  }

  /** Writes text to an open connection. */
  protected abstract send(text: string): boolean

  /** Ends the transport once: normally (`graceful`), or because the client is gone. */
  protected abstract finish(graceful: boolean): void

  #expire(): void {
    this.owner?.expiring?.(this)
    this.close()
  }

  protected end(graceful: boolean): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.#lifetime)
    this.#lifetime = undefined
    this.finish(graceful)
    this.owner?.closed?.(this)
    const listeners = this.#listeners
    this.#listeners = undefined
    for (const l of listeners ?? []) l()
  }
}

/** The response headers of a connection. */
export const sseHeaders = (options: SseConnectionOptions): Record<string, string> =>
  options.headers ? { ...SSE_HEADERS, ...options.headers } : SSE_HEADERS

const encoder = new TextEncoder()

/** An SSE connection over a web `ReadableStream`, ended by the request's signal or the stream's cancel. */
export class WebSseConnection extends SseConnection {
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined
  #timer: Timer | undefined
  #detachSignal: (() => void) | undefined

  constructor(options: SseConnectionOptions) {
    super(options)
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller
      },
      cancel: () => this.end(false),
    })
    this.response = new Response(body, { status: 200, headers: sseHeaders(options) })
    this.#watch(options.signal)
    if (options.keepAliveMs > 0) this.#timer = setInterval(() => this.tick(), options.keepAliveMs)
  }

  protected send(text: string): boolean {
    try {
      this.#controller?.enqueue(encoder.encode(text))
      return true
    } catch {
      this.end(false)
      return false
    }
  }

  #watch(signal: AbortSignal | undefined): void {
    if (!signal) return
    if (signal.aborted) {
      queueMicrotask(() => this.end(false))
      return
    }
    const onAbort = () => this.end(false)
    signal.addEventListener('abort', onAbort, { once: true })
    this.#detachSignal = () => signal.removeEventListener('abort', onAbort)
  }

  protected finish(graceful: boolean): void {
    clearInterval(this.#timer)
    this.#timer = undefined
    this.#detachSignal?.()
    this.#detachSignal = undefined
    if (graceful)
      try {
        this.#controller?.close()
      } catch {
        // already errored or cancelled
      }
  }
}
