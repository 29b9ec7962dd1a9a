import { decodeBase64Url, isObject } from '@edgemcp/core/internal'
import { AuthError } from './errors.js'

/** The protected header of a JWS (RFC 7515 §4). */
export interface JwsHeader {
  alg: string
  kid?: string
  typ?: string
  crit?: string[]
  [name: string]: unknown
}

/** The claims of a JWT (RFC 7519 §4), plus whatever else the issuer put in. */
export interface JwtClaims {
  iss?: string
  sub?: string
  aud?: string | string[]
  exp?: number
  nbf?: number
  iat?: number
  jti?: string
  scope?: string
  client_id?: string
  [name: string]: unknown
}

export interface DecodedJwt {
  header: JwsHeader
  payload: JwtClaims
  /** The bytes the signature covers: `base64url(header) '.' base64url(payload)`. */
  signingInput: Uint8Array
  signature: Uint8Array
}

/** Tokens longer than this are refused before any parsing. */
export const DEFAULT_MAX_TOKEN_LENGTH = 16_384

const utf8 = new TextDecoder('utf-8', { fatal: true })

function decodeJson(part: string, what: string): Record<string, unknown> {
  const bytes = decodeBase64Url(part)
  if (!bytes) throw new AuthError('malformed_token', `JWT ${what} is not base64url`)
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(bytes))
  } catch {
    throw new AuthError('malformed_token', `JWT ${what} is not UTF-8 JSON`)
  }
  if (!isObject(value)) throw new AuthError('malformed_token', `JWT ${what} is not a JSON object`)
  return value
}

/**
 * Splits and decodes a compact JWS (RFC 7515 §7.1) without verifying anything but its shape. Throws
 * `AuthError('malformed_token')` for anything that is not three base64url parts with JSON objects in the first
 * two, and for JWE (five parts).
 */
export function decodeJwt(token: string, maxLength = DEFAULT_MAX_TOKEN_LENGTH): DecodedJwt {
  if (token.length > maxLength) throw new AuthError('malformed_token', 'JWT is too long')
  const parts = token.split('.')
  if (parts.length !== 3) throw new AuthError('malformed_token', 'JWT must have three parts')
  const [h, p, s] = parts as [string, string, string]
  const header = decodeJson(h, 'header')
  if (typeof header.alg !== 'string') throw new AuthError('malformed_token', 'JWT header has no alg')
  if (header.kid !== undefined && typeof header.kid !== 'string')
    throw new AuthError('malformed_token', 'JWT header kid is not a string')
  const payload = decodeJson(p, 'payload')
  const signature = decodeBase64Url(s)
  if (!signature) throw new AuthError('malformed_token', 'JWT signature is not base64url')
  return {
    header: header as JwsHeader,
    payload: payload as JwtClaims,
    signingInput: new TextEncoder().encode(`${h}.${p}`),
    signature,
  }
}
