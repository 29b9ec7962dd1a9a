import type { NodeOutgoing } from './node-outgoing.js'
import { formatSseComment } from './sse-format.js'
import { type KeepAliveTarget, sharedKeepAlive } from './sse-keep-alive.js'

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
   * The node:http response to write to directly instead of building a web `ReadableStream` (see
   * `nodeOutgoingOf`): a client disconnect is then its `close` event.
   */
  node?: NodeOutgoing | undefined
  /** Extra response headers. */
  headers?: Record<string, string> | undefined
  owner?: SseConnectionOwner | undefined
}

const encoder = new TextEncoder()
const KEEP_ALIVE = formatSseComment()

/** Response headers of every SSE stream (2026-07-28 basic/transports/streamable-http "Receiving Messages"). */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const

type Timer = ReturnType<typeof setTimeout>

/**
 * One HTTP response carrying SSE text. Owns its timers; `close()` and client disconnects (stream cancel,
 * request abort, or the node:http response closing) end it once, clear the timers and tell the owner.
 *
 * On Node (`node` given) there is no web stream: the handler returns an empty 200 with the SSE headers,
 * @hono/node-server writes that head (with whatever headers middleware added on the way out) and then calls
 * `end()`, which the connection takes over once: from then on the events are written straight to the
 * response. Text written before that, or while the socket is congested (`write()` returned false, until
 * `drain`), is held in one string, so nothing is lost, reordered or written past back-pressure; keep-alive
 * comments are skipped meanwhile. Node connections tick with a keep-alive interval shared per period.
 */
export class SseConnection implements KeepAliveTarget {
  private response: Response | undefined
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined
  private readonly out: NodeOutgoing | undefined
  private readonly owner: SseConnectionOwner | undefined
  private closed = false
  /** Node: the head is out and the response is ours to write to. */
  private started = false
  /** Node: the socket asked to wait for `drain`. */
  private congested = false
  /** Node: text waiting for the head or for `drain`. */
  private pending = ''
  /** Web: this connection's keep-alive interval. */
  private keepAlive: Timer | undefined
  /** Node: the period of the shared keep-alive ticker this connection ticks with (0: none). */
  private sharedPeriod = 0
  private lifetime: Timer | undefined
  private listeners: Array<() => void> | undefined
  private detachSignal: (() => void) | undefined

  constructor(options: SseConnectionOptions) {
    this.owner = options.owner
    const headers = options.headers ? { ...SSE_HEADERS, ...options.headers } : SSE_HEADERS
    const out = options.node
    if (out) {
      this.out = out
      out.on('close', () => this.end(false))
      this.takeOverEnd(out)
      this.response = new Response(null, { status: 200, headers })
    } else {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          this.controller = controller
        },
        cancel: () => this.end(false),
      })
      this.response = new Response(body, { status: 200, headers })
      this.watch(options.signal)
    }
    const keepAliveMs = options.keepAliveMs
    if (keepAliveMs > 0 && out) {
      this.sharedPeriod = keepAliveMs
      sharedKeepAlive.join(keepAliveMs, this)
    } else if (keepAliveMs > 0) this.keepAlive = setInterval(() => this.tick(), keepAliveMs)
    if (options.lifetimeMs && options.lifetimeMs > 0)
      this.lifetime = setTimeout(() => this.expire(), options.lifetimeMs)
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
    if (this.closed) return false
    if (this.out) {
      if (!this.started || this.congested) {
        this.pending += text
        return true
      }
      return this.push(this.out, text)
    }
    try {
      this.controller?.enqueue(encoder.encode(text))
      return true
    } catch {
      this.end(false)
      return false
    }
  }

  /** Ends the response normally (on Node, after anything still held). */
  close(): void {
    this.end(true)
  }

  onClose(listener: () => void): void {
    if (this.closed) listener()
    else if (this.listeners) this.listeners.push(listener)
    else this.listeners = [listener]
  }

  /** @internal A keep-alive period passed. */
  tick(): void {
    if (this.closed) return
    // A congested socket is a live client, but another comment would only queue up behind the data.
    if (!(this.out && (this.congested || !this.started)) && !this.write(KEEP_ALIVE)) return
    this.owner?.keptAlive?.(this)
  }

  private expire(): void {
    this.owner?.expiring?.(this)
    this.close()
  }

  private watch(signal: AbortSignal | undefined): void {
    if (!signal) return
    if (signal.aborted) {
      queueMicrotask(() => this.end(false))
      return
    }
    const onAbort = () => this.end(false)
    signal.addEventListener('abort', onAbort, { once: true })
    this.detachSignal = () => signal.removeEventListener('abort', onAbort)
  }

  /**
   * @hono/node-server answers our empty response with `writeHead(200, headers)` then `end()`: that `end()` is
   * where the stream starts. Any other end (an error response replacing ours) goes through untouched.
   */
  private takeOverEnd(out: NodeOutgoing): void {
    const end = out.end
    // Restored by assignment, not `delete`: deleting a property turns the response into a dictionary-mode
    // object (about 3 KiB more per stream).
    out.end = (...args: [chunk?: string]) => {
      out.end = end
      if (args.length === 0 && out.statusCode === 200 && !this.started) {
        this.headOut(out)
        return out
      }
      return end.apply(out, args)
    }
  }

  private headOut(out: NodeOutgoing): void {
    this.started = true
    const text = this.pending
    this.pending = ''
    if (this.closed) out.end(text === '' ? undefined : text)
    else if (text !== '') this.push(out, text)
    else out.flushHeaders?.()
  }

  private push(out: NodeOutgoing, text: string): boolean {
    if (out.writableEnded || out.destroyed) {
      this.end(false)
      return false
    }
    if (!out.write(text)) {
      this.congested = true
      out.once('drain', () => this.drained(out))
    }
    return true
  }

  private drained(out: NodeOutgoing): void {
    this.congested = false
    if (this.closed) return
    const text = this.pending
    this.pending = ''
    if (text !== '') this.push(out, text)
  }

  private end(graceful: boolean): void {
    if (this.closed) return
    this.closed = true
    clearInterval(this.keepAlive)
    clearTimeout(this.lifetime)
    this.keepAlive = this.lifetime = undefined
    if (this.sharedPeriod > 0) sharedKeepAlive.leave(this.sharedPeriod, this)
    const out = this.out
    if (out) {
      // Before the head is out, `headOut` ends the response with what is held.
      if (graceful && this.started && !out.writableEnded && !out.destroyed) {
        const text = this.pending
        this.pending = ''
        out.end(text === '' ? undefined : text)
      } else if (!graceful) this.pending = ''
    } else {
      this.detachSignal?.()
      this.detachSignal = undefined
      if (graceful)
        try {
          this.controller?.close()
        } catch {
          // already errored or cancelled
        }
    }
    this.owner?.closed?.(this)
    const listeners = this.listeners
    this.listeners = undefined
    for (const l of listeners ?? []) l()
  }
}
