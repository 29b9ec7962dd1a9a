import { decodeBase64Url } from '@edgemcp/core/internal'
import { OAuthClientError } from './errors.js'

/** JWS algorithms a client can sign `private_key_jwt` assertions with. */
export type SigningAlgorithm =
  | 'ES256'
  | 'ES384'
  | 'ES512'
  | 'RS256'
  | 'RS384'
  | 'RS512'
  | 'PS256'
  | 'PS384'
  | 'PS512'
  | 'EdDSA'

const PARAMS: Record<SigningAlgorithm, RsaHashedImportParams | EcKeyImportParams | { name: 'Ed25519' }> = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  ES512: { name: 'ECDSA', namedCurve: 'P-521' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  RS384: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-384' },
  RS512: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-512' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  PS384: { name: 'RSA-PSS', hash: 'SHA-384' },
  PS512: { name: 'RSA-PSS', hash: 'SHA-512' },
  EdDSA: { name: 'Ed25519' },
}

/**
 * Imports a PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----`) with WebCrypto, for signing client assertions.
 * The key is not extractable.
 */
export async function importPrivateKeyPem(
  pem: string,
  algorithm: SigningAlgorithm = 'ES256',
): Promise<CryptoKey> {
  const body = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(pem)?.[1]
  const params = PARAMS[algorithm]
  if (!body || !params)
    throw new OAuthClientError(
      'invalid_metadata',
      `Not a PKCS#8 PEM private key for ${algorithm} (expected "-----BEGIN PRIVATE KEY-----")`,
    )
  const der = decodeBase64Url(
    body.replace(/\s+/g, '').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  )
  if (!der) throw new OAuthClientError('invalid_metadata', 'The PEM private key is not valid base64')
  const bytes = new Uint8Array(der.byteLength)
  bytes.set(der)
  return crypto.subtle.importKey('pkcs8', bytes, params, false, ['sign'])
}
