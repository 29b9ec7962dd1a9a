import { ConnectionClosedError } from '../errors/local-error.js'
import type { JsonRpcMessage } from '../jsonrpc/types.js'
import type { Transport } from './transport.js'

/**
 * One end of an in-memory channel. Messages are cloned through JSON (as a wire would) and delivered on a
 * later microtask, so ordering and re-entrancy behave like a real transport.
 */
export class InMemoryTransport implements Transport {
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  #peer: InMemoryTransport | undefined
  #closed = false
  #started = false
  readonly #queue: unknown[] = []
  /** Every message this end sent, as JSON values (handy for schema checks in tests). */
  readonly sent: unknown[] = []

  /** Two connected ends: give one to the server and one to the client. */
  static createPair(): [InMemoryTransport, InMemoryTransport] {
    const a = new InMemoryTransport()
    const b = new InMemoryTransport()
    a.#peer = b
    b.#peer = a
    return [a, b]
  }

  async start(): Promise<void> {
    this.#started = true
    for (const m of this.#queue.splice(0)) this.onmessage?.(m)
  }

  async send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.#closed || !this.#peer) throw new ConnectionClosedError('In-memory transport is closed')
    const copy: unknown = JSON.parse(JSON.stringify(message))
    this.sent.push(copy)
    const peer = this.#peer
    queueMicrotask(() => peer.#deliver(copy))
  }

  #deliver(message: unknown): void {
    if (this.#closed) return
    if (this.#started) this.onmessage?.(message)
    else this.#queue.push(message)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    const peer = this.#peer
    this.onclose?.()
    if (peer && !peer.#closed) await peer.close()
  }
}
