import { ErrorCode, encodeMessage, HttpStatus, ProtocolError } from '@edgemcp/core'
import { type BearerChallenge, bearerChallenge } from './www-authenticate.js'

/**
 * Why a request or a token was refused. Every failure of the verifier and of `bearerAuth` carries one of these
 * codes, so callers can log or branch on them without parsing messages.
 */
export type AuthErrorReason =
  /** No `Authorization: Bearer` credentials at all. */
  | 'missing_token'
  /** Not a compact JWS: wrong part count, bad base64url, bad JSON, too long, or unknown `crit` headers. */
  | 'malformed_token'
  /** `alg` is not in the allowlist (this includes `none` and every HS* algorithm). */
  | 'unsupported_alg'
  /** No key in the JWKS fits the token's `kid` and `alg`, even after one refetch. */
  | 'unknown_key'
  /** The signature does not verify. */
  | 'invalid_signature'
  /** `exp` has passed (beyond the clock tolerance). */
  | 'expired'
  /** `nbf` is in the future (beyond the clock tolerance). */
  | 'not_yet_valid'
  /** `iat` is in the future, or older than the allowed token age. */
  | 'invalid_iat'
  /** `iss` is not the expected issuer. */
  | 'invalid_issuer'
  /** `aud` does not name this resource (RFC 8707). */
  | 'invalid_audience'
  /** A required claim is missing or has the wrong type (`sub`, `exp`, `typ` header, ...). */
  | 'invalid_claims'
  /** The JWKS could not be fetched or parsed, and no earlier copy is cached. */
  | 'jwks_unavailable'
  /** The token is valid but lacks a required scope. */
  | 'insufficient_scope'

/** A refused token or request, with a machine-readable reason. */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly reason: AuthErrorReason

  constructor(reason: AuthErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}

export const isAuthError = (e: unknown): e is AuthError => e instanceof AuthError

/**
 * A refusal as an HTTP response: a JSON-RPC error response without `id` (the body was not read), with
 * `WWW-Authenticate` when a challenge is given.
 */
export function jsonRpcRefusal(
  status: number,
  code: number,
  message: string,
  data?: unknown,
  challenge?: string,
): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (challenge !== undefined) headers['WWW-Authenticate'] = challenge
  const body = new ProtocolError(code, message, data).toResponse(null)
  return new Response(encodeMessage(body), { status, headers })
}

/**
 * The 403 `insufficient_scope` refusal of the bearer guard and of per-tool scopes: `data.scope` names the
 * scopes the token lacks, the `WWW-Authenticate` challenge the ones to ask for (`challenge.scope`).
 */
export function insufficientScope(options: {
  lacking: readonly string[]
  description: string
  challenge: Omit<BearerChallenge, 'error' | 'errorDescription'>
}): Response {
  const { lacking, description, challenge } = options
  return jsonRpcRefusal(
    HttpStatus.forbidden,
    ErrorCode.InvalidRequest,
    `Forbidden: ${description}`,
    { error: 'insufficient_scope', scope: lacking.join(' ') },
    bearerChallenge({ ...challenge, error: 'insufficient_scope', errorDescription: description }),
  )
}
