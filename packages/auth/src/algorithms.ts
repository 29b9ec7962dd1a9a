import { decodeBase64Url } from '@edgemcp/core/internal'

/** Asymmetric JWS algorithms this package verifies (RFC 7518 §3). Symmetric HS* and `none` are never accepted. */
export type JwsAlgorithm =
  | 'RS256'
  | 'RS384'
  | 'RS512'
  | 'PS256'
  | 'PS384'
  | 'PS512'
  | 'ES256'
  | 'ES384'
  | 'ES512'

/** A public JSON Web Key (RFC 7517) as found in a JWKS. */
export interface Jwk {
  kty: string
  kid?: string
  alg?: string
  use?: string
  key_ops?: string[]
  n?: string
  e?: string
  crv?: string
  x?: string
  y?: string
  [member: string]: unknown
}

/** The key an algorithm needs: its type, and for EC its curve (signatures themselves are jose's). */
interface AlgSpec {
  kty: 'RSA' | 'EC'
  crv?: string
}

const RSA: AlgSpec = { kty: 'RSA' }
const ec = (crv: string): AlgSpec => ({ kty: 'EC', crv })

const ALGORITHMS: Readonly<Record<JwsAlgorithm, AlgSpec>> = {
  RS256: RSA,
  RS384: RSA,
  RS512: RSA,
  PS256: RSA,
  PS384: RSA,
  PS512: RSA,
  ES256: ec('P-256'),
  ES384: ec('P-384'),
  ES512: ec('P-521'),
}

export const SUPPORTED_ALGORITHMS = Object.keys(ALGORITHMS) as JwsAlgorithm[]

export const isSupportedAlgorithm = (alg: string): alg is JwsAlgorithm => Object.hasOwn(ALGORITHMS, alg)

/** RSA keys shorter than this are ignored (RFC 7518 §3.3 requires 2048 bits). */
const MIN_RSA_MODULUS_BYTES = 256

/**
 * Whether a JWKS entry may verify `alg`: its key type (and curve) fits the algorithm, any `alg`, `use` and
 * `key_ops` it declares allow it, and an RSA modulus is at least 2048 bits. This is what stops algorithm
 * confusion: an RSA key is never used for ECDSA, nor any key for HMAC.
 */
export function keyFitsAlgorithm(jwk: Jwk, alg: JwsAlgorithm): boolean {
  const spec = ALGORITHMS[alg]
  if (jwk.kty !== spec.kty) return false
  if (jwk.alg !== undefined && jwk.alg !== alg) return false
  if (jwk.use !== undefined && jwk.use !== 'sig') return false
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify')))
    return false
  if (spec.kty === 'EC') return jwk.crv === spec.crv && typeof jwk.x === 'string' && typeof jwk.y === 'string'
  if (typeof jwk.n !== 'string' || typeof jwk.e !== 'string') return false
  return (decodeBase64Url(jwk.n)?.length ?? 0) >= MIN_RSA_MODULUS_BYTES
}
