import { type EventStore, InMemoryEventStore } from './event-store.js'
import { FLEET_SEAMS, type FleetSeams } from './fleet.js'
import { InMemorySessionStore, type SessionStore } from './session-store.js'

/** The stores an endpoint serves from, and what it does for stores shared by a fleet (see `FleetSeams`). */
export interface EndpointStores {
  sessions: SessionStore
  eventStore: EventStore | null
  fleet?: FleetSeams | undefined
}

/**
 * The stores of a handler: those of its options, else in memory (`eventStore: null` disables resumption),
 * with the fleet seams (a store given may be shared by a fleet). Kept apart from the endpoint so that code
 * bringing its own stores carries neither.
 */
export function storesOf(options: {
  sessionStore?: SessionStore
  eventStore?: EventStore | null
}): Required<EndpointStores> {
  return {
    sessions: options.sessionStore ?? new InMemorySessionStore(),
    eventStore: options.eventStore === undefined ? new InMemoryEventStore() : options.eventStore,
    fleet: FLEET_SEAMS,
  }
}
