import type { TestKey } from './keys.js'

/** A tiny JWS signer for tests, independent of the code under test (Node's base64url). */
const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const json = (value: unknown) => b64u(JSON.stringify(value))

const SIGN: Record<string, AlgorithmIdentifier | RsaPssParams | EcdsaParams> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5' },
  PS256: { name: 'RSA-PSS', saltLength: 32 },
  ES256: { name: 'ECDSA', hash: 'SHA-256' },
  ES384: { name: 'ECDSA', hash: 'SHA-384' },
}

export type Signer = TestKey | { hmacSecret: Uint8Array } | 'none'

/** Signs `header.payload` with the key; `header.alg` is written as given (so tests can lie about it). */
export async function signJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signer: Signer,
) {
  const input = `${json(header)}.${json(payload)}`
  const data = new TextEncoder().encode(input)
  if (signer === 'none') return `${input}.`
  if ('hmacSecret' in signer) {
    const key = await crypto.subtle.importKey(
      'raw',
      signer.hmacSecret as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    return `${input}.${b64u(new Uint8Array(await crypto.subtle.sign('HMAC', key, data)))}`
  }
  const params = SIGN[signer.alg]
  if (!params) throw new Error(`no signer for ${signer.alg}`)
  return `${input}.${b64u(new Uint8Array(await crypto.subtle.sign(params, signer.privateKey, data)))}`
}

export const ISSUER = 'https://auth.example.com'
export const RESOURCE = 'https://mcp.example.com/mcp'
/** Fixed clock of the tests (ms). */
export const NOW_MS = 1_800_000_000_000
export const NOW = NOW_MS / 1000

/** A token with sensible claims for `key`; `claims` and `header` override or add members. */
export function issueToken(
  key: TestKey,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  return signJwt(
    { alg: key.alg, kid: key.kid, typ: 'at+jwt', ...header },
    {
      iss: ISSUER,
      sub: 'alice',
      aud: RESOURCE,
      iat: NOW - 5,
      exp: NOW + 300,
      scope: 'mcp:tools mcp:resources',
      client_id: 'client-1',
      ...claims,
    },
    key,
  )
}

/** Replaces the payload of a signed token, keeping header and signature. */
export function tamperPayload(token: string, patch: Record<string, unknown>): string {
  const [h, p, s] = token.split('.') as [string, string, string]
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>
  return `${h}.${json({ ...payload, ...patch })}.${s}`
}
