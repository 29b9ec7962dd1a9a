import type { RequestAbort } from './request-abort.js'

/**
 * The requests a server is running, so `close()` can abort them. An intrusive doubly linked list (a request's
 * neighbours are kept on the RequestAbort itself): adding and removing allocate nothing (a Set churns its hash
 * table on every request that comes and goes).
 */
export class InflightRequests {
  #head: RequestAbort | undefined
  #size = 0

  get size(): number {
    return this.#size
  }

  add(a: RequestAbort): void {
    if (a.inflightPrev !== undefined || this.#head === a) return
    a.inflightNext = this.#head
    if (this.#head) this.#head.inflightPrev = a
    this.#head = a
    this.#size++
  }

  delete(a: RequestAbort): void {
    if (a.inflightPrev === undefined && this.#head !== a) return
    const { inflightPrev: prev, inflightNext: next } = a
    if (prev) prev.inflightNext = next
    else this.#head = next
    if (next) next.inflightPrev = prev
    a.inflightPrev = undefined
    a.inflightNext = undefined
    this.#size--
  }

  /** A snapshot, so aborting (which may remove entries) does not disturb the walk. */
  toArray(): RequestAbort[] {
    const all: RequestAbort[] = []
    for (let a = this.#head; a; a = a.inflightNext) all.push(a)
    return all
  }
}
