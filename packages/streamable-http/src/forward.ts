import { decodeMessage, type ServerSession } from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'
import type { SessionStore } from './session-store.js'

/**
 * A message of a legacy session that concerns another instance of a fleet sharing the session store (see
 * `SessionStore.forwardResponse` / `forwardCancel`). A client's response that no request here awaits is
 * handed to the instance awaiting it: the 202 is returned. Anything else gives undefined and is handled here
 * as usual (a cancellation of a request running elsewhere is passed on first).
 */
export function forwardElsewhere(
  sessions: SessionStore,
  session: ServerSession,
  value: unknown,
): Promise<Response | undefined> | undefined {
  // A store without these methods keeps every message here: no promise to wait for.
  return sessions.forwardResponse || sessions.forwardCancel ? forward(sessions, session, value) : undefined
}

async function forward(
  sessions: SessionStore,
  session: ServerSession,
  value: unknown,
): Promise<Response | undefined> {
  if (!isObject(value)) return undefined
  if (!('method' in value)) {
    if (!sessions.forwardResponse) return undefined
    const decoded = decodeMessage(value)
    if (!decoded.ok || 'method' in decoded.message) return undefined
    // Awaited here (true), awaited elsewhere (true), or nowhere: core refuses it as unexpected.
    if (session.resolve(decoded.message) || (await sessions.forwardResponse(session.id, decoded.message)))
      return new Response(null, { status: 202 })
    return undefined
  }
  if (value.method !== 'notifications/cancelled' || 'id' in value || !sessions.forwardCancel) return undefined
  const params = isObject(value.params) ? value.params : {}
  const { requestId, reason } = params
  if ((typeof requestId === 'string' || typeof requestId === 'number') && !session.inflight.has(requestId))
    await sessions.forwardCancel(session.id, requestId, typeof reason === 'string' ? reason : undefined)
  return undefined
}
