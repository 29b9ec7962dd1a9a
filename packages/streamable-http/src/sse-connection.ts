import type { ByteBudget } from './admission.js'
import type { NodeOutgoing } from './node-outgoing.js'
import type { McpRequestContext } from './request-context.js'
import type { KeepAliveTarget } from './sse-keep-alive.js'
import { waitUntilOf } from './wait-until.js'

/** What a connection tells its owner: methods, so that an owner needs no closure per connection. */
export interface SseConnectionOwner {
  /** A keep-alive tick passed while the connection is open. */
  keptAlive?(connection: SseConnection): void
  /** The lifetime is over: a last event (e.g. `retry`) may be written; the connection closes right after. */
  expiring?(connection: SseConnection): void
  /** The connection has closed, by either side. */
  closed?(connection: SseConnection): void
}

/** How an SSE response reaches its client (see `HandlerState.connectOf`). */
export interface ConnectOptions {
  /** The HTTP request's signal: aborts when the client is gone. Not used with `node`. */
  signal?: AbortSignal | undefined
  /**
   * On @hono/node-server: the node:http response to write to directly (`NodeSseConnection`, see
   * `nodeOutgoingOf`); a client disconnect is then its `close` event.
   */
  node?: NodeOutgoing | undefined
  /** The kind of connection; default `WebSseConnection` (`nodeConnect` gives `NodeSseConnection` with `node`). */
  Connection?: SseConnectionClass | undefined
  /** Gets a promise that settles when the connection closes (the `waitUntil` of the request, if any). */
  hold?: ((closed: Promise<void>) => void) | undefined
  /**
   * Bytes written but not yet taken by the client; beyond this the client is too slow and the connection ends
   * as `overflow` (a message written while nothing waits always goes out, however large). Default: no limit.
   */
  maxBufferedBytes?: number | undefined
  /** The budget of unread bytes this connection shares with the other connections of its client. */
  budget?: ByteBudget | undefined
}

/**
 * How an SSE response to request `c` reaches its client as a web stream (`WebSseConnection`): ended by the
 * request's signal, kept alive by the runtime's `waitUntil` (see `waitUntilOf`), within `maxBufferedBytes`
 * and the client's `budget`. Both transports connect their streams this way.
 */
export function webConnect(
  c: McpRequestContext,
  options: {
    waitUntil?: ((c: McpRequestContext, promise: Promise<unknown>) => void) | undefined
    maxBufferedBytes: number
  },
  budget: ByteBudget | undefined,
): ConnectOptions {
  return {
    signal: c.req.raw.signal,
    hold: waitUntilOf(c, options.waitUntil),
    maxBufferedBytes: options.maxBufferedBytes,
    budget,
  }
}

/**
 * Why a connection ended: closed by the server (`close()`, its lifetime), the client went away, or the
 * client did not read (see `ConnectOptions.maxBufferedBytes`).
 */
export type CloseReason = 'server' | 'client' | 'overflow'

/**
 * A kind of connection: `WebSseConnection`, or on Node `NodeSseConnection`. It comments every `keepAliveMs`
 * while open (0: never), and closes after `lifetimeMs` (0: never), the owner's `expiring` running first.
 */
export type SseConnectionClass = new (
  connect: ConnectOptions,
  keepAliveMs: number,
  lifetimeMs?: number,
  owner?: SseConnectionOwner,
) => SseConnection

/**
 * Response headers of every SSE stream (2026-07-28 basic/transports/streamable-http "Receiving Messages").
 * Give each response a copy (`{ ...SSE_HEADERS }`): @hono/node-server 1.x may write into the object it is given.
 */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const

/** An empty SSE comment (`formatSseComment()`): clients ignore it. */
export const KEEP_ALIVE = ': \n\n'

type Timer = ReturnType<typeof setTimeout>

/**
 * One HTTP response carrying SSE text. Owns its timers; `close()` and client disconnects end it once, clear the
 * timers and tell the owner. What carries the text is up to the subclass: a web `ReadableStream`
 * (`WebSseConnection`, every runtime) or the node:http response itself (`NodeSseConnection`, reachable only
 * from the Hono app, so that the Worker bundle carries none of it).
 */
export abstract class SseConnection implements KeepAliveTarget {
  protected response: Response | undefined
  protected closed = false
  readonly #owner: SseConnectionOwner | undefined
  #lifetime: Timer | undefined
  #settle: (() => void) | undefined
  readonly #max: number | undefined
  readonly #budget: ByteBudget | undefined
  /** Bytes waiting for the client, as last reported by the subclass (`holding`) and charged to the budget. */
  #held = 0

  constructor(connect: ConnectOptions, lifetimeMs = 0, owner?: SseConnectionOwner) {
    this.#owner = owner
    this.#max = connect.maxBufferedBytes
    this.#budget = connect.budget
    if (lifetimeMs > 0)
      this.#lifetime = setTimeout(() => {
        owner?.expiring?.(this)
        this.close()
      }, lifetimeMs)
    connect.hold?.(
      new Promise((resolve) => {
        this.#settle = resolve
      }),
    )
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
    this.end('server')
  }

  /** @internal A keep-alive period passed. */
  tick(): void {
    if (!this.closed && this.keepAlive()) this.#owner?.keptAlive?.(this)
  }

  /** Writes a keep-alive comment; false when the connection turned out to be gone. */
  protected keepAlive(): boolean {
    return this.write(KEEP_ALIVE)
  }

  /** Writes text to an open connection. */
  protected abstract send(text: string): boolean

  /** Ends the transport once: normally (`server`), because the client is gone, or as too slow. */
  protected abstract finish(reason: CloseReason): void

  /**
   * The subclass tells how many bytes now wait for the client (`held`), and whether some were waiting before
   * the text it just queued. Over this connection's `maxBufferedBytes`, or its client's budget, with something
   * already waiting, the client is too slow: the connection ends as `overflow` and this is false. (A message
   * queued while nothing waits always goes out: the limits bound what piles up, not one message.)
   */
  protected holding(held: number, waitingBefore: boolean): boolean {
    const delta = held - this.#held
    this.#held = held
    const withinBudget = delta === 0 || this.#budget === undefined || this.#budget.charge(delta)
    if (!waitingBefore || (withinBudget && (this.#max === undefined || held <= this.#max))) return true
    this.end('overflow')
    return false
  }

  protected end(reason: CloseReason): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.#lifetime)
    if (this.#held !== 0) this.#budget?.charge(-this.#held)
    this.#held = 0
    this.finish(reason)
    this.#owner?.closed?.(this)
    this.#settle?.()
  }
}

const encoder = new TextEncoder()

/**
 * An SSE connection over a web `ReadableStream`, ended by the request's signal or the stream's cancel. It
 * counts the bytes its client has not taken yet (`buffered`) and, with `maxBufferedBytes` or a client
 * `budget`, gives up on a client that stops reading instead of buffering without bound.
 *
 * Exported as a building block for @edgemcp/sse (whose legacy stream extends it), not for applications: its
 * protected members may change in any release.
 */
export class WebSseConnection extends SseConnection {
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #timer: Timer | undefined
  readonly #signal: AbortSignal | undefined
  /** The client is gone (body cancelled, or the request aborted). */
  readonly #gone = () => this.end('client')

  constructor(connect: ConnectOptions, keepAliveMs: number, lifetimeMs?: number, owner?: SseConnectionOwner) {
    super(connect, lifetimeMs, owner)
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller
        },
        // Asked for more with nothing queued: the client has taken everything.
        pull: () => {
          if (!this.closed) this.holding(0, false)
        },
        cancel: this.#gone,
      },
      // Nothing is held back: every byte not taken yet counts (see `buffered`).
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    )
    this.response = new Response(body, { status: 200, headers: { ...SSE_HEADERS } })
    const signal = connect.signal
    this.#signal = signal
    if (signal?.aborted) queueMicrotask(this.#gone)
    else signal?.addEventListener('abort', this.#gone, { once: true })
    if (keepAliveMs > 0) this.#timer = setInterval(() => this.tick(), keepAliveMs)
  }

  /** Bytes written but not yet taken by the client. */
  protected get buffered(): number {
    return Math.max(0, -(this.#controller.desiredSize ?? 0))
  }

  protected send(text: string): boolean {
    const before = this.buffered
    try {
      this.#controller.enqueue(encoder.encode(text))
    } catch {
      this.end('client')
      return false
    }
    return this.holding(this.buffered, before > 0)
  }

  protected finish(reason: CloseReason): void {
    clearInterval(this.#timer)
    this.#signal?.removeEventListener('abort', this.#gone)
    if (reason !== 'client')
      try {
        // A client too slow gets an error, so the platform drops what is queued instead of flushing it.
        if (reason === 'overflow') this.#controller.error(new Error('SSE client too slow'))
        else this.#controller.close()
      } catch {
        // already errored or cancelled
      }
  }
}
