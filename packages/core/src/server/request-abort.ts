/**
 * Cancellation of one request, paid for only when used. An AbortController and listeners on the upstream
 * signals cost more than most handlers; most handlers never look at `ctx.signal`. This creates them on the
 * first read of `signal`, and propagates aborts from parents (the HTTP request, the server's shutdown, the
 * enclosing request) either way.
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
  /** Made on first use: most requests have no child with a signal and no listener to unlink. */
  #children: Set<RequestAbort> | undefined
  #unlink: Array<() => void> | undefined

  readonly #parents: ReadonlyArray<AbortSignalLike | RequestAbort | undefined>

  constructor(parents: ReadonlyArray<AbortSignalLike | RequestAbort | undefined> = []) {
    this.#parents = parents
  }

  get aborted(): boolean {
    if (this.#done) return true
    for (const p of this.#parents) if (p?.aborted) return true
    return false
  }

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal
    const c = new AbortController()
    this.#controller = c
    if (this.#done) c.abort(this.#reason)
    for (const p of this.#parents) {
      if (!p || p instanceof RequestAbort) continue
      if (p.aborted) {
        this.abort(p.reason)
        continue
      }
      const onAbort = () => this.abort(p.reason)
      p.addEventListener('abort', onAbort, { once: true })
      this.#unlink ??= []
      this.#unlink.push(() => p.removeEventListener('abort', onAbort))
    }
    // Only a child with a signal needs its parents to push aborts to it (`aborted` asks the parents itself),
    // so it joins them now. A parent RequestAbort must then listen to its own upstream signals too.
    for (const p of this.#parents) {
      if (!(p instanceof RequestAbort)) continue
      p.#children ??= new Set()
      p.#children.add(this)
      void p.signal
    }
    for (const p of this.#parents) if (p instanceof RequestAbort && p.aborted) this.abort(p.#reason)
    return c.signal
  }

  abort(reason?: unknown): void {
    if (this.#done) return
    this.#done = true
    this.#reason = reason ?? new Error('aborted')
    this.#controller?.abort(this.#reason)
    if (this.#children) for (const child of this.#children) child.abort(this.#reason)
  }

  /** Detaches from long-lived parents once the request is over. */
  dispose(): void {
    const unlink = this.#unlink
    this.#unlink = undefined
    if (unlink) for (const u of unlink) u()
    for (const p of this.#parents) if (p instanceof RequestAbort) p.#children?.delete(this)
  }

  /** Resolves when aborted (subscribes lazily). */
  whenAborted(): Promise<void> {
    if (this.aborted) return Promise.resolve()
    const s = this.signal
    return new Promise((resolve) => s.addEventListener('abort', () => resolve(), { once: true }))
  }
}
