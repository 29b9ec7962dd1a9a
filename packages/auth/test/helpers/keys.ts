import type { Jwk } from '../../src/algorithms.js'

export type TestAlg = 'RS256' | 'ES256' | 'PS256' | 'ES384'

export interface TestKey {
  alg: TestAlg
  kid: string
  privateKey: CryptoKey
  publicKey: CryptoKey
  /** The public key as a JWKS entry (kid, alg, use set). */
  jwk: Jwk
}

const PARAMS: Record<TestAlg, RsaHashedKeyGenParams | EcKeyGenParams> = {
  RS256: {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  },
  PS256: { name: 'RSA-PSS', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
}

/** A fresh key pair made with WebCrypto, and its public JWK. */
export async function generateTestKey(alg: TestAlg, kid: string): Promise<TestKey> {
  const pair = (await crypto.subtle.generateKey(PARAMS[alg], true, ['sign', 'verify'])) as CryptoKeyPair
  const exported = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as Jwk
  const { key_ops: _ops, ext: _ext, ...pub } = exported
  return {
    alg,
    kid,
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    jwk: { ...pub, kid, alg, use: 'sig' },
  }
}
