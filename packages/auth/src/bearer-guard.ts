import { ErrorCode, HttpStatus } from '@edgemcp/core'
import { AuthError, type AuthErrorReason, insufficientScope, jsonRpcRefusal as refuse } from './errors.js'
import { type AuthPrincipal, principalId as defaultPrincipalId } from './principal.js'
import { type BearerChallenge, bearerChallenge, isScopeToken } from './www-authenticate.js'

/** Options of `bearerGuard`, the runtime-neutral bearer check (the Hono middleware `bearerAuth` wraps it). */
export interface BearerGuardOptions<P extends AuthPrincipal = AuthPrincipal> {
  /** Verifies the bearer token; throw (ideally an `AuthError`) to refuse. E.g. `createJwtVerifier(...)`. */
  verify: (token: string, request: Request) => P | Promise<P>
  /** Absolute URL of this resource's RFC 9728 metadata, sent in every challenge (`resource_metadata`). */
  resourceMetadataUrl: string | ((request: Request) => string)
  /** Scopes every request needs; missing ones give 403 `insufficient_scope`. Also sent as a hint on 401. */
  requiredScopes?: readonly string[] | undefined
  /** The stable id of a principal. Default `${issuer}|${subject}`. */
  principalId?: ((principal: P) => string) | undefined
  /** Optional `realm` attribute of the challenges. */
  realm?: string | undefined
}

/** A request `bearerGuard` let through: who sent it, in the shape MCP transports take (`authenticate`). */
export interface BearerGrant<P extends AuthPrincipal = AuthPrincipal> {
  /** The verified principal; reaches tool handlers as `ctx.authInfo`. */
  authInfo: P
  /** Its stable id; binds legacy sessions and MRTR state. */
  principal: string
}

/** A fetch handler as Workers, Deno, Bun and our transports write it. */
export type FetchLike = (request: Request, ...rest: any[]) => Response | Promise<Response>

/** What `bearerGuard` returns: the check itself, and the two pieces that put it in front of a fetch handler. */
export interface BearerGuard<P extends AuthPrincipal = AuthPrincipal> {
  /**
   * Checks a request's bearer token. Resolves to the grant, to a ready `Response` (401/403/503 with its
   * `WWW-Authenticate` challenge) when the request must be refused, or to `undefined` for a CORS preflight, which
   * never carries credentials and should reach the CORS layer.
   */
  check(request: Request): Promise<BearerGrant<P> | Response | undefined>
  /** `fetch` behind the guard: refused requests get their challenge, the others reach `fetch` unchanged. */
  protect<F extends FetchLike>(fetch: F): F
  /**
   * The `authenticate` hook of our transports (`createMcpFetchHandler(server, { authenticate })`): the grant of
   * a request that went through `protect`, so tools see `ctx.authInfo` and sessions bind to the principal.
   */
  authenticate(c: { readonly req: { readonly raw: Request } }): BearerGrant<P> | undefined
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
 * Guards an MCP endpoint with OAuth 2.1 bearer tokens (MCP authorization, RFC 6750, RFC 9728 §5.1), on any
 * runtime with `fetch` (Workers, Deno, Bun, Node) and in front of any handler:
 * - no `Authorization: Bearer` credentials → 401, `WWW-Authenticate: Bearer resource_metadata="…"` (plus `scope`
 *   when `requiredScopes` is set), no `error` attribute (RFC 6750 §3.1);
 * - a token that is malformed, invalid or expired → 401 with `error="invalid_token"` (a `verify` that throws
 *   something other than an `AuthError` is treated the same way: the request fails closed);
 * - a valid token without every required scope → 403 with `error="insufficient_scope", scope="…"`;
 * - the JWKS cannot be loaded at all (`jwks_unavailable`) → 503: the token is not at fault.
 * Bodies are JSON-RPC error responses (no `id`: the body is not read before authentication).
 *
 * ```ts
 * const guard = bearerGuard({ verify: createJwtVerifier({ ... }), resourceMetadataUrl })
 * const mcp = createMcpFetchHandler(server, { authenticate: guard.authenticate })
 * export default { fetch: guard.protect(mcp) }
 * ```
 */
export function bearerGuard<P extends AuthPrincipal>(options: BearerGuardOptions<P>): BearerGuard<P> {
  const required = options.requiredScopes ?? []
  for (const s of required)
    if (!isScopeToken(s)) throw new TypeError(`bearerGuard: invalid scope ${JSON.stringify(s)}`)
  const idOf = options.principalId ?? defaultPrincipalId
  const base = (request: Request): BearerChallenge => ({
    resourceMetadata:
      typeof options.resourceMetadataUrl === 'function'
        ? options.resourceMetadataUrl(request)
        : options.resourceMetadataUrl,
    ...(options.realm === undefined ? {} : { realm: options.realm }),
  })

  const unauthorized = (request: Request, reason: AuthErrorReason | undefined) => {
    if (reason === 'missing_token')
      return refuse(
        HttpStatus.unauthorized,
        ErrorCode.InvalidRequest,
        'Unauthorized: a bearer token is required',
        { error: 'unauthorized' },
        bearerChallenge({ ...base(request), scope: required }),
      )
    const description = (reason && DESCRIPTIONS[reason]) ?? 'The access token is invalid'
    return refuse(
      HttpStatus.unauthorized,
      ErrorCode.InvalidRequest,
      `Unauthorized: ${description}`,
      reason === undefined ? { error: 'invalid_token' } : { error: 'invalid_token', reason },
      bearerChallenge({
        ...base(request),
        error: 'invalid_token',
        scope: required,
        errorDescription: description,
      }),
    )
  }

  const check = async (request: Request): Promise<BearerGrant<P> | Response | undefined> => {
    // a CORS preflight never carries credentials: let it reach the CORS layer instead of failing it
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) return undefined
    const header = request.headers.get('authorization')
    if (header === null || !SCHEME.test(header)) return unauthorized(request, 'missing_token')
    const match = BEARER.exec(header)
    if (!match) return unauthorized(request, 'malformed_token')

    let principal: P
    try {
      principal = await options.verify(match[1] as string, request)
    } catch (e) {
      if (e instanceof AuthError && e.reason === 'jwks_unavailable')
        return refuse(503, ErrorCode.InternalError, 'Authorization keys are unavailable, try again later', {
          error: 'temporarily_unavailable',
        })
      return unauthorized(request, e instanceof AuthError ? e.reason : undefined)
    }
    if (typeof principal !== 'object' || principal === null || typeof principal.subject !== 'string')
      return unauthorized(request, undefined)

    const granted = new Set(principal.scopes ?? [])
    if (required.some((s) => !granted.has(s)))
      // The challenge names every required scope, held or not (the client asks for them all at once).
      return insufficientScope({
        lacking: required,
        description: 'The access token lacks a required scope',
        challenge: { ...base(request), scope: required },
      })
    return { authInfo: principal, principal: idOf(principal) }
  }

  const grants = new WeakMap<Request, BearerGrant<P>>()
  return {
    check,
    protect<F extends FetchLike>(fetch: F): F {
      const guarded = async (request: Request, ...rest: unknown[]) => {
        const grant = await check(request)
        if (grant instanceof Response) return grant
        if (grant !== undefined) grants.set(request, grant)
        return fetch(request, ...rest)
      }
      return guarded as F
    },
    authenticate: (c) => grants.get(c.req.raw),
  }
}
