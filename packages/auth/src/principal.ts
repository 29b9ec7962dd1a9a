import type { JwtClaims } from './jwt.js'

/** Whoever a verified credential speaks for: the least `bearerAuth` needs from a `verify` function. */
export interface AuthPrincipal {
  subject: string
  issuer?: string | undefined
  scopes: readonly string[]
}

/** The principal of a verified JWT access token. */
export interface JwtPrincipal extends AuthPrincipal {
  issuer: string
  scopes: string[]
  claims: JwtClaims
  /** The raw access token (do not forward it to other services: MCP forbids token passthrough). */
  token: string
  /** `client_id` (RFC 9068) or `azp`, when present. */
  clientId?: string
  /** `exp` in seconds since the epoch, when present. */
  expiresAt?: number
}

/** A stable string for a principal: `${issuer}|${subject}` (subjects are only unique per issuer). */
export const principalId = (p: AuthPrincipal): string => `${p.issuer ?? ''}|${p.subject}`

/**
 * Scopes granted by a token: the space-separated `scope` claim (RFC 8693 §4.2, RFC 9068), else `scp` as an
 * array or a string (a common vendor variant). Duplicates and empty entries are dropped.
 */
export function scopesOf(claims: JwtClaims): string[] {
  const raw = claims.scope ?? claims.scp
  const list = typeof raw === 'string' ? raw.split(' ') : Array.isArray(raw) ? raw : []
  return [...new Set(list.filter((s): s is string => typeof s === 'string' && s !== ''))]
}
