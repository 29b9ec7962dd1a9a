import { ErrorCode, HttpStatus, type PrincipalBoundSession, sessionBelongsTo } from '@edgemcp/core'
import type { MiddlewareHandler } from 'hono'
import { jsonRpcRefusal } from './errors.js'

export type { PrincipalBoundSession } from '@edgemcp/core'

/**
 * The HTTP status for a session id presented by another principal: 404, exactly as for an unknown session,
 * so a caller cannot even learn that the id exists (and a legitimate client that switched accounts simply
 * starts a new session, as after a 404 on any session).
 */
export const SESSION_PRINCIPAL_MISMATCH_STATUS = HttpStatus.notFound

/**
 * Call when a legacy session is created: records the principal that opened it (core's `ServerSession.principal`).
 * Binding twice to the same principal is a no-op; to another one throws, as that would be a transport bug.
 */
export function bindSessionToPrincipal<S extends PrincipalBoundSession>(
  session: S,
  principal: string | undefined,
): S {
  if (session.principal !== undefined && session.principal !== principal)
    throw new Error('bindSessionToPrincipal: the session is already bound to another principal')
  if (principal !== undefined) session.principal = principal
  return session
}

// The rule itself is core's, shared by every transport; @edgemcp/auth re-exports it where it always was.
export { sessionBelongsTo } from '@edgemcp/core'

/**
 * Wraps a session factory (`HandleOptions.createSession` of core) so every session it makes is bound:
 * `server.handle(body, { principal, createSession: bindingSessionFactory(() => server.createSession(), principal) })`.
 */
export function bindingSessionFactory<S extends PrincipalBoundSession>(
  create: () => S,
  principal: string | undefined,
): () => S {
  return () => bindSessionToPrincipal(create(), principal)
}

export interface SessionGuardOptions {
  /** Looks a session up by its `Mcp-Session-Id`; undefined when unknown. */
  getSession: (id: string) => PrincipalBoundSession | undefined | Promise<PrincipalBoundSession | undefined>
  /** The caller's principal id for this request. Default: `c.get('authPrincipalId')` set by `bearerAuth`. */
  principal?: (c: Parameters<MiddlewareHandler>[0]) => string | undefined
}

/**
 * Hono middleware for transports that do not check session ownership themselves: a request whose
 * `Mcp-Session-Id` names a session bound to another principal gets 404 with a JSON-RPC error, before the
 * transport sees it. Unknown ids pass through (the transport answers them). Mount after `bearerAuth`.
 */
export function sessionGuard(options: SessionGuardOptions): MiddlewareHandler {
  const principalOf = options.principal ?? ((c) => c.get('authPrincipalId') as string | undefined)
  return async (c, next) => {
    const id = c.req.header('mcp-session-id')
    if (id !== undefined) {
      const session = await options.getSession(id)
      if (session && !sessionBelongsTo(session, principalOf(c)))
        return jsonRpcRefusal(
          SESSION_PRINCIPAL_MISMATCH_STATUS,
          ErrorCode.InvalidRequest,
          'Session not found',
        )
    }
    await next()
  }
}
