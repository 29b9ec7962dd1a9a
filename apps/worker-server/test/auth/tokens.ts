import { env } from 'cloudflare:test'

export const ISSUER = 'https://issuer.test'
export const AUDIENCE = 'http://notes.test/mcp'
export const METADATA_URL = 'http://notes.test/.well-known/oauth-protected-resource/mcp'

export type Alg = 'ES256' | 'RS256'

/** The private keys vitest.config.ts made for this run (their public halves are the Worker's AUTH_JWKS). */
const signingKeys = JSON.parse((env as unknown as { TEST_SIGNING_KEYS: string }).TEST_SIGNING_KEYS) as Record<
  Alg,
  { kid: string; jwk: JsonWebKey }
>

const base64url = (bytes: Uint8Array): string => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
export const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)))

const IMPORT: Record<Alg, SubtleCryptoImportKeyAlgorithm> = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
}
const SIGN: Record<Alg, SubtleCryptoSignAlgorithm> = {
  ES256: { name: 'ECDSA', hash: 'SHA-256' },
  RS256: { name: 'RSASSA-PKCS1-v1_5' },
}

/** A JWS (compact) over `claims`, signed with this run's key for `alg`. */
export async function signJwt(claims: Record<string, unknown>, alg: Alg = 'ES256'): Promise<string> {
  const { kid, jwk } = signingKeys[alg]
  const key = await crypto.subtle.importKey('jwk', jwk, IMPORT[alg], false, ['sign'])
  const input = `${encodeJson({ alg, typ: 'at+jwt', kid })}.${encodeJson(claims)}`
  const signature = await crypto.subtle.sign(SIGN[alg], key, new TextEncoder().encode(input))
  return `${input}.${base64url(new Uint8Array(signature))}`
}

/** Claims of a valid access token for `sub` (this issuer, this resource, scope `notes`, 5 minutes). */
export function claimsFor(sub: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return { iss: ISSUER, aud: AUDIENCE, sub, scope: 'notes', iat: now, exp: now + 300, ...overrides }
}

export const tokenFor = (sub: string, alg: Alg = 'ES256') => signJwt(claimsFor(sub), alg)
