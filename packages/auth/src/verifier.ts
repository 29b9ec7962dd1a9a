import { compactVerify, errors, importJWK, type JWK } from 'jose'
import { type Jwk, type JwsAlgorithm, isSupportedAlgorithm, keyFitsAlgorithm } from './algorithms.js'
import { checkClaims } from './claims.js'
import { AuthError } from './errors.js'
import {
  type JsonWebKeySet,
  type JwksSource,
  RemoteJwks,
  type RemoteJwksOptions,
  staticJwks,
} from './jwks.js'
import { DEFAULT_MAX_TOKEN_LENGTH, decodeJwt, type JwsHeader } from './jwt.js'
import { type JwtPrincipal, scopesOf } from './principal.js'

export interface JwtVerifierOptions {
  /** Accepted `iss` value(s), exact match (the authorization server's issuer identifier). */
  issuer: string | readonly string[]
  /** This MCP server's resource identifier(s) (RFC 8707), e.g. `https://mcp.example.com/mcp`; exact match. */
  audience: string | readonly string[]
  /** The issuer's JWKS endpoint (`jwks_uri` of its RFC 8414 metadata). Give this or `jwks`. */
  jwksUrl?: string | URL
  /** Keys given directly: a JWKS object, or a custom source (e.g. backed by KV). */
  jwks?: JsonWebKeySet | JwksSource
  /** Allowed `alg` values. Default `['RS256', 'ES256']`. HS* and `none` cannot be allowed. */
  algorithms?: readonly JwsAlgorithm[]
  /** Clock skew forgiven on `exp`, `nbf` and `iat`, in seconds. Default 30. */
  clockToleranceSec?: number
  /** Refuse tokens issued longer ago than this (needs `iat`). Default: no limit. */
  maxTokenAgeSec?: number
  /**
   * Required `typ` header (`application/` prefix and case are ignored). Default `'at+jwt'`: a JWT access
   * token says so (RFC 9068 §2.1), which keeps ID tokens and other JWTs of the same issuer out. `false`
   * accepts any `typ` (an issuer that does not follow RFC 9068).
   */
  typ?: string | false
  /** Refuse tokens without `exp`. Default true. */
  requireExp?: boolean
  /** Longest token accepted, in characters. Default 16 384. */
  maxTokenLength?: number
  /** `fetch` for the JWKS (tests, service bindings). */
  fetch?: RemoteJwksOptions['fetch']
  /** JWKS cache tuning (TTL floor/ceiling, refetch cooldown, timeout). */
  jwksCache?: Omit<RemoteJwksOptions, 'fetch' | 'now'>
  /** Clock in ms, for tests. */
  now?: () => number
}

/** Verifies a bearer token and returns its principal, or throws an `AuthError`. */
export type JwtVerifier = (token: string) => Promise<JwtPrincipal>

const list = (v: string | readonly string[]): readonly string[] => (typeof v === 'string' ? [v] : v)
const normalizeTyp = (t: string) => t.toLowerCase().replace(/^application\//, '')

/** The public part of a JWK as a verification key for `alg` (jose; private members and metadata dropped). */
async function importPublicKey(jwk: Jwk, alg: JwsAlgorithm): Promise<CryptoKey> {
  const pub: JWK =
    jwk.kty === 'RSA'
      ? { kty: 'RSA', n: jwk.n as string, e: jwk.e as string }
      : { kty: 'EC', crv: jwk.crv as string, x: jwk.x as string, y: jwk.y as string }
  return (await importJWK(pub, alg)) as CryptoKey
}

/**
 * Whether the compact JWS `token` carries a valid `alg` signature by `key` (jose's `compactVerify`, with `alg`
 * the only algorithm allowed); false for a signature that does not verify, `AuthError` for a malformed JWS.
 */
async function signatureVerifies(token: string, key: CryptoKey, alg: JwsAlgorithm): Promise<boolean> {
  try {
    await compactVerify(token, key, { algorithms: [alg] })
    return true
  } catch (e) {
    if (e instanceof errors.JWSSignatureVerificationFailed) return false
    throw new AuthError('malformed_token', 'JWT is not a valid JWS', { cause: e })
  }
}

function isJwksSource(v: JsonWebKeySet | JwksSource): v is JwksSource {
  return typeof (v as JwksSource).keys === 'function'
}

/**
 * A JWT access-token verifier (RFC 7515/7519/9068), signatures checked by jose: signature with a key from the issuer's JWKS
 * (cached; refetched once, rate-limited, for an unknown `kid`), the `alg` allowlist, `exp`/`nbf`/`iat`, `iss`,
 * and `aud` against this resource (RFC 8707). Configuration errors throw a TypeError here; token failures
 * reject with `AuthError`.
 *
 * @example
 * const verify = createJwtVerifier({
 *   issuer: 'https://auth.example.com',
 *   audience: 'https://mcp.example.com/mcp',
 *   jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
 * })
 */
export function createJwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const issuers = list(options.issuer)
  const audiences = list(options.audience)
  if (issuers.length === 0 || issuers.some((i) => typeof i !== 'string' || i === ''))
    throw new TypeError('createJwtVerifier: issuer is required')
  if (audiences.length === 0 || audiences.some((a) => typeof a !== 'string' || a === ''))
    throw new TypeError('createJwtVerifier: audience (this resource identifier) is required')
  const algorithms = options.algorithms ?? ['RS256', 'ES256']
  if (algorithms.length === 0) throw new TypeError('createJwtVerifier: algorithms must not be empty')
  for (const alg of algorithms)
    if (!isSupportedAlgorithm(alg))
      throw new TypeError(`createJwtVerifier: unsupported algorithm ${String(alg)}`)
  if ((options.jwksUrl === undefined) === (options.jwks === undefined))
    throw new TypeError('createJwtVerifier: give exactly one of jwksUrl and jwks')

  const now = options.now ?? Date.now
  const source: JwksSource =
    options.jwks !== undefined
      ? isJwksSource(options.jwks)
        ? options.jwks
        : staticJwks(options.jwks)
      : new RemoteJwks(String(options.jwksUrl), {
          ...options.jwksCache,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          now,
        })
  const importedKeys = new WeakMap<Jwk, Map<JwsAlgorithm, Promise<CryptoKey>>>()
  const maxLength = options.maxTokenLength ?? DEFAULT_MAX_TOKEN_LENGTH
  const typ = options.typ ?? 'at+jwt'

  const cryptoKey = (jwk: Jwk, alg: JwsAlgorithm): Promise<CryptoKey> => {
    let byAlg = importedKeys.get(jwk)
    if (!byAlg) {
      byAlg = new Map()
      importedKeys.set(jwk, byAlg)
    }
    let key = byAlg.get(alg)
    if (!key) {
      key = importPublicKey(jwk, alg)
      key.catch(() => byAlg.delete(alg))
      byAlg.set(alg, key)
    }
    return key
  }

  const candidates = (keys: readonly Jwk[], header: JwsHeader, alg: JwsAlgorithm) =>
    keys.filter((k) => (header.kid === undefined || k.kid === header.kid) && keyFitsAlgorithm(k, alg))

  return async (token) => {
    const { header, payload } = decodeJwt(token, maxLength)
    if (header.crit !== undefined)
      throw new AuthError('malformed_token', 'JWT has critical header parameters this verifier does not know')
    const alg = header.alg
    if (!isSupportedAlgorithm(alg) || !algorithms.includes(alg))
      throw new AuthError('unsupported_alg', `JWT alg ${alg} is not allowed`)
    if (typ !== false && normalizeTyp(String(header.typ ?? '')) !== normalizeTyp(typ))
      throw new AuthError('invalid_claims', `JWT typ must be ${typ}`)

    let keys = candidates(await source.keys(), header, alg)
    if (keys.length === 0 && source.reload && (await source.reload()))
      keys = candidates(await source.keys(), header, alg)
    if (keys.length === 0)
      throw new AuthError(
        'unknown_key',
        `no ${alg} key${header.kid === undefined ? '' : ` with kid ${header.kid}`}`,
      )

    let verified = false
    for (const jwk of keys.slice(0, 4)) {
      let key: CryptoKey
      try {
        key = await cryptoKey(jwk, alg)
      } catch {
        continue // an unusable JWKS entry: try the next one
      }
      if (await signatureVerifies(token, key, alg)) {
        verified = true
        break
      }
    }
    if (!verified) throw new AuthError('invalid_signature', 'JWT signature does not verify')

    checkClaims(payload, {
      issuers,
      audiences,
      clockToleranceSec: options.clockToleranceSec ?? 30,
      nowSec: now() / 1000,
      requireExp: options.requireExp ?? true,
      maxTokenAgeSec: options.maxTokenAgeSec,
    })

    const principal: JwtPrincipal = {
      subject: payload.sub as string,
      issuer: payload.iss as string,
      scopes: scopesOf(payload),
      claims: payload,
      token,
    }
    const clientId = payload.client_id ?? payload.azp
    if (typeof clientId === 'string') principal.clientId = clientId
    if (typeof payload.exp === 'number') principal.expiresAt = payload.exp
    return principal
  }
}
