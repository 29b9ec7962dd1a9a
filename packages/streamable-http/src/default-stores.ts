import { type EventStore, InMemoryEventStore } from './event-store.js'
import { InMemorySessionStore, type SessionStore } from './session-store.js'

/**
 * The stores of a handler: those of its options, else in memory (`eventStore: null` disables resumption).
 * Kept apart from the endpoint so that code bringing its own stores does not carry these.
 */
export function storesOf(options: { sessionStore?: SessionStore; eventStore?: EventStore | null }): {
  sessions: SessionStore
  eventStore: EventStore | null
} {
  return {
    sessions: options.sessionStore ?? new InMemorySessionStore(),
    eventStore: options.eventStore === undefined ? new InMemoryEventStore() : options.eventStore,
  }
}
