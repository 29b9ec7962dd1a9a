import { type ServerSession, sessionBelongsTo } from '@edgemcp/core'

/**
 * A session a store returned for a request's session id, if it is still open and belongs to `principal` (a
 * legacy session serves only the principal that created it); undefined otherwise, which the caller answers as
 * not found. Synchronous: the caller awaits its store itself, so the lookup adds no await to the request.
 */
export const usableSession = (
  session: ServerSession | undefined,
  principal: string | undefined,
): ServerSession | undefined =>
  session && !session.closed && sessionBelongsTo(session, principal) ? session : undefined
