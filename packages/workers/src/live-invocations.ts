/** One hold on an invocation: what `hold` returns and `release` takes. */
export interface Hold {
  readonly ctx: ExecutionContext
  prev: Hold | undefined
  next: Hold | undefined
  held: boolean
}

/**
 * The invocations alive in this isolate (a request being served, an SSE stream its handler still feeds), so
 * that work started outside any of them (a hub publication) is kept alive by one. A doubly linked list of
 * holds, newest first, not a Map counting holds per `ExecutionContext`: every request added a fresh context
 * to that long-lived Map and deleted it again, the churn that made the Node session path promote its garbage
 * (see `RequestsById` in @edgemcp/core; not yet measured in workerd). `hold` and `release` are O(1).
 */
export class LiveInvocations {
  #head: Hold | undefined

  /** `ctx` stays alive here until the hold is released. */
  hold(ctx: ExecutionContext): Hold {
    const hold: Hold = { ctx, prev: undefined, next: this.#head, held: true }
    if (this.#head) this.#head.prev = hold
    this.#head = hold
    return hold
  }

  /** Ends a hold; a second release does nothing. */
  release(hold: Hold): void {
    if (!hold.held) return
    const { prev, next } = hold
    if (prev) prev.next = next
    else this.#head = next
    if (next) next.prev = prev
    hold.prev = undefined
    hold.next = undefined
    hold.held = false
  }

  /** The invocation held most recently and still alive, if any. */
  newest(): ExecutionContext | undefined {
    return this.#head?.ctx
  }
}
