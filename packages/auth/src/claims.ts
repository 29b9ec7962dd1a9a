import { AuthError } from './errors.js'
import type { JwtClaims } from './jwt.js'

export interface ClaimRules {
  /** Accepted `iss` values (exact match). */
  issuers: readonly string[]
  /** This resource's identifiers (RFC 8707); `aud` must contain at least one (exact match). */
  audiences: readonly string[]
  /** Seconds of clock skew forgiven on `exp`, `nbf` and `iat`. */
  clockToleranceSec: number
  /** Now, in seconds since the epoch. */
  nowSec: number
  /** Refuse tokens without `exp`. */
  requireExp: boolean
  /** Refuse tokens whose `iat` is older than this many seconds (and tokens without `iat`). */
  maxTokenAgeSec?: number | undefined
}

function numericDate(claims: JwtClaims, name: 'exp' | 'nbf' | 'iat'): number | undefined {
  const value = claims[name]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new AuthError('invalid_claims', `JWT ${name} is not a NumericDate`)
  return value
}

/**
 * Checks the registered claims of a verified JWT (RFC 7519 §4.1, RFC 9068 §4): time window, issuer,
 * audience and subject. Throws an `AuthError` naming the first failure.
 */
export function checkClaims(claims: JwtClaims, rules: ClaimRules): void {
  const now = rules.nowSec
  const tol = rules.clockToleranceSec
  const exp = numericDate(claims, 'exp')
  const nbf = numericDate(claims, 'nbf')
  const iat = numericDate(claims, 'iat')

  if (exp === undefined) {
    if (rules.requireExp) throw new AuthError('invalid_claims', 'JWT has no exp')
  } else if (now - tol >= exp) throw new AuthError('expired', 'JWT expired')
  if (nbf !== undefined && now + tol < nbf) throw new AuthError('not_yet_valid', 'JWT is not valid yet (nbf)')
  if (iat !== undefined && now + tol < iat)
    throw new AuthError('invalid_iat', 'JWT was issued in the future (iat)')
  if (rules.maxTokenAgeSec !== undefined) {
    if (iat === undefined) throw new AuthError('invalid_claims', 'JWT has no iat')
    if (now - tol > iat + rules.maxTokenAgeSec) throw new AuthError('invalid_iat', 'JWT is too old (iat)')
  }

  if (typeof claims.iss !== 'string' || !rules.issuers.includes(claims.iss))
    throw new AuthError('invalid_issuer', 'JWT issuer is not accepted')

  const aud = claims.aud
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : []
  if (!audiences.some((a) => typeof a === 'string' && rules.audiences.includes(a)))
    throw new AuthError('invalid_audience', 'JWT audience does not include this resource')

  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw new AuthError('invalid_claims', 'JWT has no sub')
}
