import { beforeAll, describe, expect, it } from 'vitest'
import { jwksApp } from '../test/helpers/jwks-app.js'
import { generateTestKey, type TestKey } from '../test/helpers/keys.js'
import { ISSUER, issueToken, NOW, NOW_MS, RESOURCE, signJwt, tamperPayload } from '../test/helpers/sign.js'
import { AuthError } from './errors.js'
import { createJwtVerifier, type JwtVerifierOptions } from './verifier.js'

let rsa: TestKey
let ec: TestKey
let pss: TestKey
let rotated: TestKey

beforeAll(async () => {
  ;[rsa, ec, pss, rotated] = await Promise.all([
    generateTestKey('RS256', 'rsa-1'),
    generateTestKey('ES256', 'ec-1'),
    generateTestKey('PS256', 'pss-1'),
    generateTestKey('ES256', 'ec-2'),
  ])
})

function setup(options: Partial<JwtVerifierOptions> = {}, cacheControl?: string) {
  const jwks = jwksApp([rsa.jwk, ec.jwk, pss.jwk], cacheControl)
  const clock = { ms: NOW_MS }
  const verify = createJwtVerifier({
    issuer: ISSUER,
    audience: RESOURCE,
    jwksUrl: jwks.url,
    fetch: jwks.fetch,
    now: () => clock.ms,
    ...options,
  })
  return { verify, jwks, clock }
}

async function reasonOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (e instanceof AuthError) return e.reason
    throw e
  }
}

describe('createJwtVerifier: valid tokens', () => {
  it('accepts an RS256 token and returns its principal', async () => {
    const { verify } = setup()
    const token = await issueToken(rsa)
    const principal = await verify(token)
    expect(principal).toEqual({
      subject: 'alice',
      issuer: ISSUER,
      scopes: ['mcp:tools', 'mcp:resources'],
      claims: expect.objectContaining({ sub: 'alice', aud: RESOURCE }),
      token,
      clientId: 'client-1',
      expiresAt: NOW + 300,
    })
  })

  it('accepts an ES256 token, an audience array and a token without kid', async () => {
    const { verify } = setup()
    const p = await verify(
      await issueToken(ec, { aud: ['https://other.example', RESOURCE], scope: undefined }),
    )
    expect(p.subject).toBe('alice')
    expect(p.scopes).toEqual([])
    expect((await verify(await issueToken(ec, {}, { kid: undefined }))).subject).toBe('alice')
  })

  it('accepts PS256 only when allowed', async () => {
    const token = await issueToken(pss)
    expect(await reasonOf(setup().verify(token))).toBe('unsupported_alg')
    expect(await reasonOf(setup({ algorithms: ['PS256'] }).verify(token))).toBe('ok')
  })
})

describe('createJwtVerifier: refused tokens', () => {
  it.each([
    ['wrong audience', { aud: 'https://other.example/mcp' }, 'invalid_audience'],
    ['expired', { exp: NOW - 60 }, 'expired'],
    ['not yet valid', { nbf: NOW + 120 }, 'not_yet_valid'],
    ['issued in the future', { iat: NOW + 120 }, 'invalid_iat'],
    ['wrong issuer', { iss: 'https://evil.example.com' }, 'invalid_issuer'],
    ['no subject', { sub: undefined }, 'invalid_claims'],
  ])('%s', async (_name, claims, reason) => {
    const { verify } = setup()
    expect(await reasonOf(verify(await issueToken(rsa, claims)))).toBe(reason)
    expect(await reasonOf(verify(await issueToken(ec, claims)))).toBe(reason)
  })

  it('a tampered payload or signature', async () => {
    const { verify } = setup()
    const token = await issueToken(rsa)
    expect(await reasonOf(verify(tamperPayload(token, { sub: 'mallory' })))).toBe('invalid_signature')
    const sig = token.slice(token.lastIndexOf('.') + 1)
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`
    expect(await reasonOf(verify(`${token.slice(0, token.lastIndexOf('.'))}.${flipped}`))).toBe(
      'invalid_signature',
    )
    const ecToken = await issueToken(ec)
    expect(await reasonOf(verify(tamperPayload(ecToken, { scope: 'admin' })))).toBe('invalid_signature')
  })

  it('alg none, even with a valid-looking kid', async () => {
    const { verify } = setup()
    const token = await signJwt(
      { alg: 'none', kid: 'rsa-1' },
      { iss: ISSUER, sub: 'a', aud: RESOURCE, exp: NOW + 60 },
      'none',
    )
    expect(await reasonOf(verify(token))).toBe('unsupported_alg')
  })

  it('HS256 signed with the public key as the HMAC secret (algorithm confusion)', async () => {
    const { verify } = setup()
    const claims = { iss: ISSUER, sub: 'a', aud: RESOURCE, exp: NOW + 60 }
    for (const secret of [JSON.stringify(rsa.jwk), rsa.jwk.n as string]) {
      const token = await signJwt({ alg: 'HS256', kid: 'rsa-1' }, claims, {
        hmacSecret: new TextEncoder().encode(secret),
      })
      expect(await reasonOf(verify(token))).toBe('unsupported_alg')
    }
    expect(() => setup({ algorithms: ['HS256' as 'RS256'] })).toThrow(TypeError)
    expect(() => setup({ algorithms: ['none' as 'RS256'] })).toThrow(TypeError)
  })

  it('a header alg that does not fit the key named by kid', async () => {
    const { verify } = setup()
    const forged = await signJwt(
      { alg: 'ES256', kid: 'rsa-1', typ: 'at+jwt' },
      { iss: ISSUER, sub: 'a', aud: RESOURCE, exp: NOW + 60 },
      ec,
    )
    expect(await reasonOf(verify(forged))).toBe('unknown_key')
  })

  it('requires typ at+jwt by default (RFC 9068); typ: false accepts any', async () => {
    const { verify } = setup()
    expect(await reasonOf(verify(await issueToken(rsa, {}, { typ: 'JWT' })))).toBe('invalid_claims')
    expect(await reasonOf(verify(await issueToken(rsa, {}, { typ: undefined })))).toBe('invalid_claims')
    expect(await reasonOf(verify(await issueToken(rsa)))).toBe('ok')
    const lenient = setup({ typ: false }).verify
    expect(await reasonOf(lenient(await issueToken(rsa, {}, { typ: 'JWT' })))).toBe('ok')
  })

  it('unknown critical headers, a wrong typ when one is required, garbage', async () => {
    const { verify } = setup({ typ: 'at+jwt' })
    expect(await reasonOf(verify(await issueToken(rsa, {}, { crit: ['exp'], exp: 1 })))).toBe(
      'malformed_token',
    )
    expect(await reasonOf(verify(await issueToken(rsa, {}, { typ: 'JWT' })))).toBe('invalid_claims')
    expect(await reasonOf(verify(await issueToken(rsa, {}, { typ: 'application/AT+JWT' })))).toBe('ok')
    expect(await reasonOf(verify('not-a-jwt'))).toBe('malformed_token')
  })
})

describe('createJwtVerifier: JWKS', () => {
  it('fetches the JWKS once while its max-age lasts, and again after', async () => {
    const { verify, jwks, clock } = setup({}, 'public, max-age=300')
    await Promise.all([
      verify(await issueToken(rsa)),
      verify(await issueToken(ec)),
      verify(await issueToken(rsa)),
    ])
    clock.ms += 299_000
    await verify(await issueToken(ec, { iat: NOW + 290, exp: NOW + 900 }))
    expect(jwks.state.hits).toBe(1)
    clock.ms += 2000
    await verify(await issueToken(ec, { iat: NOW + 300, exp: NOW + 900 }))
    expect(jwks.state.hits).toBe(2)
  })

  it('refetches once for an unknown kid (key rotation), rate-limited', async () => {
    const { verify, jwks, clock } = setup()
    await verify(await issueToken(rsa))
    expect(jwks.state.hits).toBe(1)
    clock.ms += 31_000
    jwks.state.keys = [rsa.jwk, rotated.jwk]
    expect((await verify(await issueToken(rotated, { iat: NOW + 30 }))).subject).toBe('alice')
    expect(jwks.state.hits).toBe(2)

    // random kids cannot make the verifier hammer the issuer
    for (const kid of ['x1', 'x2', 'x3'])
      expect(await reasonOf(verify(await issueToken(rsa, {}, { kid })))).toBe('unknown_key')
    expect(jwks.state.hits).toBe(2)
    clock.ms += 31_000
    expect(await reasonOf(verify(await issueToken(rsa, { iat: NOW + 60 }, { kid: 'x4' })))).toBe(
      'unknown_key',
    )
    expect(jwks.state.hits).toBe(3)
  })

  it('fails with jwks_unavailable when the JWKS cannot be loaded, and keeps stale keys during an outage', async () => {
    const down = setup()
    down.jwks.state.status = 503
    expect(await reasonOf(down.verify(await issueToken(rsa)))).toBe('jwks_unavailable')

    const { verify, jwks, clock } = setup({}, 'max-age=60')
    await verify(await issueToken(rsa))
    jwks.state.status = 503
    clock.ms += 120_000
    expect(await reasonOf(verify(await issueToken(rsa, { iat: NOW + 100 })))).toBe('ok')
    expect(jwks.state.hits).toBe(2)
  })

  it('takes a static JWKS instead of a URL', async () => {
    const verify = createJwtVerifier({
      issuer: [ISSUER, 'https://other-issuer.example'],
      audience: RESOURCE,
      jwks: { keys: [ec.jwk] },
      now: () => NOW_MS,
    })
    expect((await verify(await issueToken(ec))).issuer).toBe(ISSUER)
    expect(await reasonOf(verify(await issueToken(rsa)))).toBe('unknown_key')
  })

  it('refuses incomplete configuration', () => {
    expect(() => createJwtVerifier({ issuer: ISSUER, audience: RESOURCE })).toThrow(/jwksUrl/)
    expect(() => createJwtVerifier({ issuer: ISSUER, audience: [], jwks: { keys: [] } })).toThrow(/audience/)
    expect(() => createJwtVerifier({ issuer: '', audience: RESOURCE, jwks: { keys: [] } })).toThrow(/issuer/)
  })
})
