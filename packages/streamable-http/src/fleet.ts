import { followStream } from './event-stream.js'
import { forwardElsewhere } from './forward.js'
import { unavailableResponse } from './store-error.js'

/**
 * What a handler does for stores shared by a fleet of instances (the optional methods of `SessionStore` and
 * `EventStore`, and `StoreUnavailableError`): hand a message to the instance it concerns, follow a stream that
 * is live elsewhere, answer 503 while the store cannot be reached. The handlers that take the user's stores
 * (`createMcpHandler`, `createMcpFetchHandler`, @edgemcp/sse's) bring it with `storesOf`; a host whose stores
 * are its own and never shared (@edgemcp/workers: Durable Objects) gives none, and its bundle carries none of it.
 */
export interface FleetSeams {
  forward: typeof forwardElsewhere
  follow: typeof followStream
  unavailable: typeof unavailableResponse
}

export const FLEET_SEAMS: FleetSeams = {
  forward: forwardElsewhere,
  follow: followStream,
  unavailable: unavailableResponse,
}

/** A store that failed: the 503 of one that cannot be reached (with `fleet`); anything else is rethrown. */
export function storeFailure(fleet: FleetSeams | undefined, error: unknown): Response {
  const response = fleet?.unavailable(error)
  if (!response) throw error
  return response
}
