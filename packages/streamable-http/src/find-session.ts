import { type ServerSession, sessionBelongsTo } from '@edgemcp/core'
import type { SessionStore } from './session-store.js'

/**
 * The session `id` names in `store`, if it is still open and belongs to `principal` (a legacy session serves
 * only the principal that created it); undefined otherwise, which the caller answers as not found.
 */
export async function findSession(
  store: SessionStore,
  id: string,
  principal: string | undefined,
): Promise<ServerSession | undefined> {
  const session = await store.get(id)
  return session && !session.closed && sessionBelongsTo(session, principal) ? session : undefined
}
