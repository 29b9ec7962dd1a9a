import type { Context, MiddlewareHandler } from 'hono'
import { type BearerGuardOptions, bearerGuard } from './bearer-guard.js'
import type { AuthPrincipal } from './principal.js'

declare module 'hono' {
  interface ContextVariableMap {
    /** The principal `bearerAuth` verified for this request. */
    auth: AuthPrincipal
    /** Its stable id (default `${issuer}|${subject}`), used to bind sessions and MRTR state. */
    authPrincipalId: string
  }
}

/** Options of `bearerAuth`: those of `bearerGuard`, with hooks that get Hono's `Context` for the `Request`. */
export interface BearerAuthOptions<P extends AuthPrincipal = AuthPrincipal>
  extends Omit<BearerGuardOptions<P>, 'verify' | 'resourceMetadataUrl'> {
  /** Verifies the bearer token; throw (ideally an `AuthError`) to refuse. E.g. `createJwtVerifier(...)`. */
  verify: (token: string, c: Context) => P | Promise<P>
  /** Absolute URL of this resource's RFC 9728 metadata, sent in every challenge (`resource_metadata`). */
  resourceMetadataUrl: string | ((c: Context) => string)
}

/**
 * Hono middleware guarding an MCP endpoint with OAuth 2.1 bearer tokens: `bearerGuard` (which states the rules:
 * 401 with a `resource_metadata` challenge, 401 `invalid_token`, 403 `insufficient_scope`, 503 when the keys
 * cannot be loaded) as a middleware. CORS preflights (`OPTIONS` with `Access-Control-Request-Method`) pass
 * through unauthenticated: mount CORS before or after. On success the principal is on the context:
 * `c.get('auth')`, `getAuth(c)`, `requestAuth(c)`.
 */
export function bearerAuth<P extends AuthPrincipal>(options: BearerAuthOptions<P>): MiddlewareHandler {
  // the guard speaks Request; the Hono hooks take the Context that carried it
  const contexts = new WeakMap<Request, Context>()
  const contextOf = (request: Request) => contexts.get(request) as Context
  const { resourceMetadataUrl: url } = options
  const guard = bearerGuard<P>({
    ...options,
    verify: (token, request) => options.verify(token, contextOf(request)),
    resourceMetadataUrl: typeof url === 'function' ? (request) => url(contextOf(request)) : url,
  })
  return async (c, next) => {
    contexts.set(c.req.raw, c)
    const grant = await guard.check(c.req.raw)
    if (grant instanceof Response) return grant
    if (grant !== undefined) {
      c.set('auth', grant.authInfo)
      c.set('authPrincipalId', grant.principal)
    }
    await next()
  }
}

/** The principal `bearerAuth` verified for this request, if any. */
export function getAuth<P extends AuthPrincipal = AuthPrincipal>(c: Context): P | undefined {
  return c.get('auth') as P | undefined
}

/**
 * The caller's identity in the shape MCP transports take (`authenticate` of `createMcpHandler`): `authInfo`
 * reaches tool handlers as `ctx.authInfo`; `principal` binds legacy sessions and MRTR state.
 */
export function requestAuth(c: Context): { authInfo: AuthPrincipal; principal: string } | undefined {
  const authInfo = c.get('auth') as AuthPrincipal | undefined
  const principal = c.get('authPrincipalId') as string | undefined
  return authInfo === undefined || principal === undefined ? undefined : { authInfo, principal }
}
