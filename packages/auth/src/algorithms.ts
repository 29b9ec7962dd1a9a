import { decodeBase64Url } from '@edgemcp/core'

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

interface AlgSpec {
  kty: 'RSA' | 'EC'
  importParams: RsaHashedImportParams | EcKeyImportParams
  verifyParams: AlgorithmIdentifier | RsaPssParams | EcdsaParams
  /** EC: the curve the key must be on, and the raw r||s signature length. */
  crv?: string
  signatureLength?: number
}

const rsa = (hash: string): AlgSpec => ({
  kty: 'RSA',
  importParams: { name: 'RSASSA-PKCS1-v1_5', hash },
  verifyParams: { name: 'RSASSA-PKCS1-v1_5' },
})
const pss = (hash: string, saltLength: number): AlgSpec => ({
  kty: 'RSA',
  importParams: { name: 'RSA-PSS', hash },
  verifyParams: { name: 'RSA-PSS', saltLength },
})
const ec = (crv: string, hash: string, signatureLength: number): AlgSpec => ({
  kty: 'EC',
  crv,
  signatureLength,
  importParams: { name: 'ECDSA', namedCurve: crv },
  verifyParams: { name: 'ECDSA', hash },
})

const ALGORITHMS: Readonly<Record<JwsAlgorithm, AlgSpec>> = {
  RS256: rsa('SHA-256'),
  RS384: rsa('SHA-384'),
  RS512: rsa('SHA-512'),
  PS256: pss('SHA-256', 32),
  PS384: pss('SHA-384', 48),
  PS512: pss('SHA-512', 64),
  ES256: ec('P-256', 'SHA-256', 64),
  ES384: ec('P-384', 'SHA-384', 96),
  ES512: ec('P-521', 'SHA-512', 132),
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

/** Imports the public part of a JWK for verifying `alg` (private members and metadata are dropped). */
export function importVerifyKey(jwk: Jwk, alg: JwsAlgorithm): Promise<CryptoKey> {
  const spec = ALGORITHMS[alg]
  const pub: JsonWebKey =
    spec.kty === 'RSA'
      ? { kty: 'RSA', n: jwk.n as string, e: jwk.e as string }
      : { kty: 'EC', crv: jwk.crv as string, x: jwk.x as string, y: jwk.y as string }
  return crypto.subtle.importKey('jwk', pub, spec.importParams, false, ['verify'])
}

/** Checks a JWS signature with WebCrypto; false (never a throw) when it does not verify. */
export async function verifySignature(
  alg: JwsAlgorithm,
  key: CryptoKey,
  signature: Uint8Array,
  signingInput: Uint8Array,
): Promise<boolean> {
  const spec = ALGORITHMS[alg]
  if (spec.signatureLength !== undefined && signature.length !== spec.signatureLength) return false
  try {
    return await crypto.subtle.verify(
      spec.verifyParams,
      key,
      signature as Uint8Array<ArrayBuffer>,
      signingInput as Uint8Array<ArrayBuffer>,
    )
  } catch {
    return false
  }
}
