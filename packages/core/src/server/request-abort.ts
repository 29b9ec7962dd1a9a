/**
 * Cancellation of one request, paid for only when used. An AbortController and listeners on the upstream
 * signals cost more than most handlers; most handlers never look at `ctx.signal`. This creates them on the
 * first read of `signal`, and propagates aborts from its parent (the HTTP request's signal, or the enclosing
 * request) either way.
 */
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

export class RequestAbort {
  #controller: AbortController | undefined
  #reason: unknown
  #done = false
  /** Set when the client cancelled the request (notifications/cancelled): no response is owed. */
  cancelledByClient = false
  /** Neighbours in the server's InflightRequests list. */
  inflightPrev: RequestAbort | undefined
  inflightNext: RequestAbort | undefined
  /** Children that made a signal (made on first use: most requests have none). */
  #children: Set<RequestAbort> | undefined
  /** Removes the listener on an upstream signal, once one was added. */
  #unlink: (() => void) | undefined

  /** Where aborts come from: the transport's signal, or the enclosing request. */
  readonly #parent: AbortSignalLike | RequestAbort | undefined

  constructor(parent?: AbortSignalLike | RequestAbort) {
    this.#parent = parent
  }

  get aborted(): boolean {
    return this.#done || this.#parent?.aborted === true
  }

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal
    const c = new AbortController()
    this.#controller = c
    if (this.#done) c.abort(this.#reason)
    const p = this.#parent
    if (p instanceof RequestAbort) {
      // Only a child with a signal needs its parent to push aborts to it (`aborted` asks the parent), so it
      // joins the parent now; the parent must then listen to its own upstream signal too.
      p.#children ??= new Set()
      p.#children.add(this)
      void p.signal
      if (p.aborted) this.abort(p.#reason)
    } else if (p) {
      if (p.aborted) this.abort(p.reason)
      else {
        const onAbort = () => this.abort(p.reason)
        p.addEventListener('abort', onAbort, { once: true })
        this.#unlink = () => p.removeEventListener('abort', onAbort)
      }
    }
    return c.signal
  }

  abort(reason?: unknown): void {
    if (this.#done) return
    this.#done = true
    this.#reason = reason ?? new Error('aborted')
    this.#controller?.abort(this.#reason)
    if (this.#children) for (const child of this.#children) child.abort(this.#reason)
  }

  /** Detaches from a long-lived parent once the request is over. */
  dispose(): void {
    const unlink = this.#unlink
    this.#unlink = undefined
    unlink?.()
    if (this.#parent instanceof RequestAbort) this.#parent.#children?.delete(this)
  }

  /** Resolves when aborted (subscribes lazily). */
  whenAborted(): Promise<void> {
    if (this.aborted) return Promise.resolve()
    const s = this.signal
    return new Promise((resolve) => s.addEventListener('abort', () => resolve(), { once: true }))
  }
}
