import { ErrorCode, HttpStatus } from '@edgemcp/core'
import type { Context, MiddlewareHandler } from 'hono'
import { AuthError, type AuthErrorReason, jsonRpcRefusal as refuse } from './errors.js'
import { type AuthPrincipal, principalId as defaultPrincipalId } from './principal.js'
import { type BearerChallenge, bearerChallenge, isScopeToken } from './www-authenticate.js'

declare module 'hono' {
  interface ContextVariableMap {
    /** The principal `bearerAuth` verified for this request. */
    auth: AuthPrincipal
    /** Its stable id (default `${issuer}|${subject}`), used to bind sessions and MRTR state. */
    authPrincipalId: string
  }
}

export interface BearerAuthOptions<P extends AuthPrincipal = AuthPrincipal> {
  /** Verifies the bearer token; throw (ideally an `AuthError`) to refuse. E.g. `createJwtVerifier(...)`. */
  verify: (token: string, c: Context) => P | Promise<P>
  /** Absolute URL of this resource's RFC 9728 metadata, sent in every challenge (`resource_metadata`). */
  resourceMetadataUrl: string | ((c: Context) => string)
  /** Scopes every request needs; missing ones give 403 `insufficient_scope`. Also sent as a hint on 401. */
  requiredScopes?: readonly string[]
  /** The stable id of a principal. Default `${issuer}|${subject}`. */
  principalId?: (principal: P) => string
  /** Optional `realm` attribute of the challenges. */
  realm?: string
}

const DESCRIPTIONS: Partial<Record<AuthErrorReason, string>> = {
  malformed_token: 'The access token is malformed',
  unsupported_alg: 'The access token algorithm is not accepted',
  unknown_key: 'The access token signing key is unknown',
  invalid_signature: 'The access token signature is invalid',
  expired: 'The access token expired',
  not_yet_valid: 'The access token is not valid yet',
  invalid_iat: 'The access token issue time is not acceptable',
  invalid_issuer: 'The access token issuer is not accepted',
  invalid_audience: 'The access token was not issued for this resource',
  invalid_claims: 'The access token claims are invalid',
}

/** `Bearer <token68>` (RFC 6750 §2.1); the scheme is case-insensitive. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i
const SCHEME = /^Bearer(?: |$)/i

/**
 * Hono middleware guarding an MCP endpoint with OAuth 2.1 bearer tokens (MCP authorization, RFC 6750,
 * RFC 9728 §5.1):
 * - no `Authorization: Bearer` credentials → 401, `WWW-Authenticate: Bearer resource_metadata="…"` (plus `scope`
 *   when `requiredScopes` is set), no `error` attribute (RFC 6750 §3.1);
 * - a token that is malformed, invalid or expired → 401 with `error="invalid_token"` (a `verify` that throws
 *   something other than an `AuthError` is treated the same way: the request fails closed);
 * - a valid token without every required scope → 403 with `error="insufficient_scope", scope="…"`;
 * - the JWKS cannot be loaded at all (`jwks_unavailable`) → 503: the token is not at fault.
 * Bodies are JSON-RPC error responses (no `id`: the body is not read before authentication). CORS preflights
 * (`OPTIONS` with `Access-Control-Request-Method`) pass through unauthenticated: mount CORS before or after.
 * On success the principal is on the context: `c.get('auth')`, `getAuth(c)`, `requestAuth(c)`.
 */
export function bearerAuth<P extends AuthPrincipal>(options: BearerAuthOptions<P>): MiddlewareHandler {
  const required = options.requiredScopes ?? []
  for (const s of required)
    if (!isScopeToken(s)) throw new TypeError(`bearerAuth: invalid scope ${JSON.stringify(s)}`)
  const idOf = options.principalId ?? defaultPrincipalId
  const metadataUrl = (c: Context) =>
    typeof options.resourceMetadataUrl === 'function'
      ? options.resourceMetadataUrl(c)
      : options.resourceMetadataUrl
  const base = (c: Context): BearerChallenge => ({
    resourceMetadata: metadataUrl(c),
    ...(options.realm === undefined ? {} : { realm: options.realm }),
  })

  const unauthorized = (c: Context, reason: AuthErrorReason | undefined) => {
    if (reason === 'missing_token')
      return refuse(
        HttpStatus.unauthorized,
        ErrorCode.InvalidRequest,
        'Unauthorized: a bearer token is required',
        { error: 'unauthorized' },
        bearerChallenge({ ...base(c), scope: required }),
      )
    const description = (reason && DESCRIPTIONS[reason]) ?? 'The access token is invalid'
    return refuse(
      HttpStatus.unauthorized,
      ErrorCode.InvalidRequest,
      `Unauthorized: ${description}`,
      reason === undefined ? { error: 'invalid_token' } : { error: 'invalid_token', reason },
      bearerChallenge({ ...base(c), error: 'invalid_token', scope: required, errorDescription: description }),
    )
  }

  return async (c, next) => {
    // a CORS preflight never carries credentials: let it reach the CORS layer instead of failing it
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined)
      return next()
    const header = c.req.header('authorization')
    if (header === undefined || !SCHEME.test(header)) return unauthorized(c, 'missing_token')
    const match = BEARER.exec(header)
    if (!match) return unauthorized(c, 'malformed_token')

    let principal: P
    try {
      principal = await options.verify(match[1] as string, c)
    } catch (e) {
      if (e instanceof AuthError && e.reason === 'jwks_unavailable')
        return refuse(503, ErrorCode.InternalError, 'Authorization keys are unavailable, try again later', {
          error: 'temporarily_unavailable',
        })
      return unauthorized(c, e instanceof AuthError ? e.reason : undefined)
    }
    if (typeof principal !== 'object' || principal === null || typeof principal.subject !== 'string')
      return unauthorized(c, undefined)

    const granted = new Set(principal.scopes ?? [])
    if (required.some((s) => !granted.has(s))) {
      const description = 'The access token lacks a required scope'
      return refuse(
        HttpStatus.forbidden,
        ErrorCode.InvalidRequest,
        `Forbidden: ${description}`,
        { error: 'insufficient_scope', scope: required.join(' ') },
        bearerChallenge({
          ...base(c),
          error: 'insufficient_scope',
          scope: required,
          errorDescription: description,
        }),
      )
    }

    c.set('auth', principal)
    c.set('authPrincipalId', idOf(principal))
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
