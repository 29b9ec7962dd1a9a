/** What the session-ownership rule needs of a session: `ServerSession` fits. */
export interface PrincipalBoundSession {
  principal: string | undefined
}

/**
 * The one session-ownership rule of every transport: true when a request by `principal` may use `session`.
 * A session bound to a principal (an auth layer saw who opened it) serves only that principal, and never an
 * unauthenticated request; an unbound session (opened without authentication) serves any caller that has its
 * id, as sessions without auth always do. When false, answer as for an unknown session (404), so a caller
 * cannot learn that the id exists.
 */
export function sessionBelongsTo(session: PrincipalBoundSession, principal: string | undefined): boolean {
  return session.principal === undefined || session.principal === principal
}
