/**
 * What the engine needs of an upstream cancellation signal. `AbortSignal` fits; so does a transport's own
 * lighter object that creates no signal until asked.
 */
export interface AbortSignalLike {
  readonly aborted: boolean
  readonly reason?: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

/**
 * Cancellation of one request, paid for only when used. An AbortController and a listener on the upstream
 * signal cost more than most handlers; most handlers never look at `ctx.signal`. This creates them on the
 * first read of `signal`, and follows the upstream signal (the HTTP request's) either way.
 */
export class RequestAbort {
  #controller: AbortController | undefined
  #reason: unknown
  #done = false
  /** Set when the client cancelled the request (notifications/cancelled): no response is owed. */
  cancelledByClient = false
  /** Neighbours in the server's InflightRequests list. */
  inflightPrev: RequestAbort | undefined
  inflightNext: RequestAbort | undefined
  /** The listener on the upstream signal, once one was added. */
  #onAbort: (() => void) | undefined

  /** Where aborts come from: the transport's signal. */
  readonly #upstream: AbortSignalLike | undefined

  constructor(upstream?: AbortSignalLike) {
    this.#upstream = upstream
  }

  get aborted(): boolean {
    return this.#done || this.#upstream?.aborted === true
  }

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal
    const c = new AbortController()
    this.#controller = c
    if (this.#done) c.abort(this.#reason)
    const up = this.#upstream
    if (up?.aborted) this.abort(up.reason)
    else if (up) {
      this.#onAbort = () => this.abort(up.reason)
      up.addEventListener('abort', this.#onAbort, { once: true })
    }
    return c.signal
  }

  abort(reason?: unknown): void {
    if (this.#done) return
    this.#done = true
    this.#reason = reason ?? new Error('aborted')
    this.#controller?.abort(this.#reason)
  }

  /** Detaches from a long-lived upstream signal once the request is over. */
  dispose(): void {
    if (this.#onAbort) this.#upstream?.removeEventListener('abort', this.#onAbort)
    this.#onAbort = undefined
  }
}

/**
 * Resolves when `abort` is aborted (subscribes to its signal). A function rather than a method: only long-lived
 * requests wait for their end (`subscriptions/listen`), and a server without them carries none of it.
 */
export function whenAborted(abort: RequestAbort): Promise<void> {
  if (abort.aborted) return Promise.resolve()
  const s = abort.signal
  return new Promise((resolve) => s.addEventListener('abort', () => resolve(), { once: true }))
}
