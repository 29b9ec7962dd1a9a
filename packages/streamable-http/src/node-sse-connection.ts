import { type NodeOutgoing, nodeOutgoingOf } from './node-outgoing.js'
import type { HandlerState } from './state.js'
import { waitUntilOf } from './wait-until.js'
import {
  type CloseReason,
  type ConnectOptions,
  KEEP_ALIVE,
  SSE_HEADERS,
  SseConnection,
  type SseConnectionOwner,
} from './sse-connection.js'
import { sharedKeepAlive } from './sse-keep-alive.js'

/**
 * An SSE connection written straight to the node:http response (on @hono/node-server, see `nodeOutgoingOf`):
 * no web stream. The handler returns an empty 200 with the SSE headers, @hono/node-server writes that head
 * (with whatever headers middleware added on the way out) and then calls `end()`, which the connection takes
 * over once: from then on the events are written straight to the response. Text written before that, or while
 * the socket is congested (`write()` returned false, until `drain`), is held in one string, so nothing is lost,
 * reordered or written past back-pressure; keep-alive comments are skipped meanwhile. What is held counts
 * against `maxBufferedBytes` and the client's budget: a client that stops reading loses its connection. Connections tick with a
 * keep-alive interval shared per period. A client disconnect is the response's `close` event.
 */
export class NodeSseConnection extends SseConnection {
  readonly #out: NodeOutgoing
  /** The head is out and the response is ours to write to. */
  #started = false
  /** The socket asked to wait for `drain`. */
  #congested = false
  /** Text waiting for the head or for `drain`. */
  #pending = ''
  /** The period of the shared keep-alive ticker this connection ticks with (0: none). */
  readonly #period: number

  constructor(connect: ConnectOptions, keepAliveMs: number, lifetimeMs?: number, owner?: SseConnectionOwner) {
    super(connect, lifetimeMs, owner)
    const out = connect.node
    if (!out) throw new Error('NodeSseConnection: no node:http response to write to')
    this.#out = out
    out.on('close', () => this.end('client'))
    this.#takeOverEnd(out)
    this.response = new Response(null, { status: 200, headers: { ...SSE_HEADERS } })
    this.#period = Math.max(keepAliveMs, 0)
    if (this.#period > 0) sharedKeepAlive.join(this.#period, this)
  }

  protected send(text: string): boolean {
    if (!this.#started || this.#congested) {
      const before = this.#pending.length
      this.#pending += text
      // (Characters for bytes: the budget bounds what piles up, exactly enough.)
      return this.holding(this.#pending.length, before > 0)
    }
    return this.#push(this.#out, text)
  }

  /** A congested socket is a live client, but another comment would only queue up behind the data. */
  protected override keepAlive(): boolean {
    return this.#congested || !this.#started || this.write(KEEP_ALIVE)
  }

  /**
   * @hono/node-server answers our empty response with `writeHead(200, headers)` then `end()`: that `end()` is
   * where the stream starts. Any other end (an error response replacing ours) goes through untouched.
   */
  #takeOverEnd(out: NodeOutgoing): void {
    const end = out.end
    // Restored by assignment, not `delete`: deleting a property turns the response into a dictionary-mode
    // object (about 3 KiB more per stream).
    out.end = (...args: [chunk?: string]) => {
      out.end = end
      if (args.length === 0 && out.statusCode === 200 && !this.#started) {
        this.#headOut(out)
        return out
      }
      return end.apply(out, args)
    }
  }

  #headOut(out: NodeOutgoing): void {
    this.#started = true
    const text = this.#pending
    this.#pending = ''
    if (!this.closed) this.holding(0, false)
    if (this.closed) out.end(text === '' ? undefined : text)
    else if (text !== '') this.#push(out, text)
    else out.flushHeaders?.()
  }

  #push(out: NodeOutgoing, text: string): boolean {
    if (out.writableEnded || out.destroyed) {
      this.end('client')
      return false
    }
    if (!out.write(text)) {
      this.#congested = true
      out.once('drain', () => this.#drained(out))
    }
    return true
  }

  #drained(out: NodeOutgoing): void {
    this.#congested = false
    if (this.closed) return
    const text = this.#pending
    this.#pending = ''
    this.holding(0, false)
    if (text !== '') this.#push(out, text)
  }

  protected finish(reason: CloseReason): void {
    if (this.#period > 0) sharedKeepAlive.leave(this.#period, this)
    const out = this.#out
    const graceful = reason === 'server'
    // Before the head is out, `headOut` ends the response with what is held.
    if (graceful && this.#started && !out.writableEnded && !out.destroyed) {
      const text = this.#pending
      this.#pending = ''
      out.end(text === '' ? undefined : text)
    } else if (!graceful) {
      this.#pending = ''
      // A client too slow loses its connection (a resumable stream resumes with Last-Event-ID).
      if (reason === 'overflow' && this.#started && !out.destroyed) out.destroy?.()
    }
  }
}

/**
 * Makes a handler that may run on @hono/node-server write SSE straight to the node:http response where the
 * request has one (its `close` event is the disconnect; the request's signal is not touched, which would
 * allocate an AbortController per stream), and as web streams elsewhere.
 */
export function nodeConnect(state: HandlerState): void {
  const web = state.connectOf.bind(state)
  state.connectOf = (c, client) => {
    const node = nodeOutgoingOf(c)
    return node
      ? {
          node,
          Connection: NodeSseConnection,
          hold: waitUntilOf(c, state.options.waitUntil),
          maxBufferedBytes: state.options.maxBufferedBytes,
          budget: state.limits.budgetOf(client),
        }
      : web(c, client)
  }
}
