import type { ServerSession } from '@edgemcp/core'
import type { SessionStore } from './session-store.js'

/** What `lookupNow` returns for a store it cannot read at once. */
export const NOT_NOW: unique symbol = Symbol('not now')

type Reader = (store: SessionStore, id: string) => ServerSession | undefined | typeof NOT_NOW

let reader: Reader | undefined

/**
 * `store.get(id)` without its promise when the store is an `InMemorySessionStore` whose `get` was not replaced
 * (in a subclass or on the instance); `NOT_NOW` for any other store, which is then asked with `get`. The
 * handler's session lookup then costs no promise and no microtask turn of its own (issue #30, callgrind,
 * tools/bench workload (b): see `HandlerState.findSession`). The store's class registers the reader when it
 * is loaded, so a bundle without the class (a Worker's, whose sessions live in Durable Objects) has none of it.
 */
export const lookupNow: Reader = (store, id) => (reader ? reader(store, id) : NOT_NOW)

/** Called once, by `InMemorySessionStore`'s static block. */
export function setLookupNow(read: Reader): void {
  reader = read
}
