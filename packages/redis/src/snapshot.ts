import type { ServerSession, SessionSnapshot } from '@edgemcp/core'

/** What is stored of a session: its snapshot and the instance that stored it (which holds an SSE stream). */
export interface StoredSession extends SessionSnapshot {
  /** The instance that wrote this snapshot last. */
  owner: string
  /** The client (principal or address) the session counts against fleet-wide, when it has one. */
  client?: string
}

/** The stored form of a session, written by `owner`; `client`: whom it counts against (see `StoredSession`). */
export const storedForm = (session: ServerSession, owner: string, client?: string): string =>
  JSON.stringify({
    ...session.snapshot(),
    owner,
    ...(client === undefined ? {} : { client }),
  } satisfies StoredSession)

/**
 * Brings a session object up to date with a snapshot written on another instance (a `logging/setLevel`,
 * `resources/subscribe` served there), keeping what lives only here: its streams, requests in flight and
 * pending server→client requests.
 */
export function applySnapshot(session: ServerSession, snapshot: SessionSnapshot): void {
  session.protocolVersion = snapshot.protocolVersion
  session.clientCapabilities = snapshot.clientCapabilities
  session.clientInfo = snapshot.clientInfo
  session.logLevel = snapshot.logLevel
  session.initialized = snapshot.initialized
  session.principal = snapshot.principal
  session.subscriptions.clear()
  for (const uri of snapshot.subscriptions) session.subscriptions.add(uri)
}
