import type { RequestId } from '../jsonrpc/types.js'

/** A request's place in a `RequestsById`: what `add` returns and `remove` takes. */
export interface RequestEntry<T, K = RequestId> {
  readonly id: K
  readonly value: T
  /** Neighbours; both undefined once removed. */
  prev: RequestEntry<T, K> | undefined
  next: RequestEntry<T, K> | undefined
  /** Still in its list. */
  listed: boolean
}

/**
 * The requests in flight of one session, by JSON-RPC id: a doubly linked list, newest first, for a measured
 * reason. Each request of a legacy session added an entry to a long-lived Map and deleted it again; what that
 * churn kept alive lived just long enough to be promoted. `node src/heap-growth.mjs` of tools/bench, tools/call
 * in one session (workload b) on `serve()`: old space grew by 8.2 MiB/s (183 B per request, 6 mark-compacts in
 * 6 s) with Maps in ServerSession and in the transport's HandlerState, and by 0.5 MiB/s (11 B, 1 mark-compact)
 * with this list, as much as raw Hono and the stateless path. `node src/build-ab.mjs b 4 6` of the same build
 * pair: 0.78× raw Hono's req/s before, 0.85× after.
 *
 * `add` and `remove` are O(1); finding by id walks the list (a cancellation, a fleet's routing check,
 * `closeSseStream`), which holds only the requests of one session running at once. @edgemcp/workers keys its
 * isolate's live invocations by their `ExecutionContext` here too (`K`), for the same reason.
 */
export class RequestsById<T extends {}, K = RequestId> {
  #head: RequestEntry<T, K> | undefined
  #size = 0

  /** How many requests are in flight. */
  get size(): number {
    return this.#size
  }

  /** Adds a request; a second one with the same id is found first until it is removed. */
  add(id: K, value: T): RequestEntry<T, K> {
    const entry: RequestEntry<T, K> = { id, value, prev: undefined, next: this.#head, listed: true }
    if (this.#head) this.#head.prev = entry
    this.#head = entry
    this.#size++
    return entry
  }

  /** Removes what `add` returned; a second removal does nothing. */
  remove(entry: RequestEntry<T, K>): void {
    if (!entry.listed) return
    const { prev, next } = entry
    if (prev) prev.next = next
    else this.#head = next
    if (next) next.prev = prev
    // Unlinked, so a removed entry keeps no other alive.
    entry.prev = undefined
    entry.next = undefined
    entry.listed = false
    this.#size--
  }

  /** The newest request in flight with this id. */
  get(id: K): T | undefined {
    for (let e = this.#head; e; e = e.next) if (e.id === id) return e.value
    return undefined
  }

  /** Whether a request with this id is in flight (`T` excludes undefined, so `get` tells). */
  has(id: K): boolean {
    return this.get(id) !== undefined
  }

  /** The request added last of those still in flight. */
  newest(): T | undefined {
    return this.#head?.value
  }

  /** A snapshot, newest first, so that acting on each (which may remove entries) does not disturb the walk. */
  values(): T[] {
    const all: T[] = []
    for (let e = this.#head; e; e = e.next) all.push(e.value)
    return all
  }

  clear(): void {
    while (this.#head) this.remove(this.#head)
  }
}
