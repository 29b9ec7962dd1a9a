import { describe, expect, it } from 'vitest'
import { encodeBase64Url } from '@edgemcp/core/internal'
import { AuthError } from './errors.js'
import { decodeJwt } from './jwt.js'

const enc = (value: unknown) => encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)))
const reason = (token: string) => {
  try {
    decodeJwt(token)
    return 'ok'
  } catch (e) {
    return e instanceof AuthError ? e.reason : String(e)
  }
}

describe('decodeJwt', () => {
  it('decodes header, payload, signing input and signature', () => {
    const h = enc({ alg: 'RS256', kid: 'k1' })
    const p = enc({ sub: 'alice', n: 1 })
    const d = decodeJwt(`${h}.${p}.AQID`)
    expect(d.header).toEqual({ alg: 'RS256', kid: 'k1' })
    expect(d.payload).toEqual({ sub: 'alice', n: 1 })
    expect(new TextDecoder().decode(d.signingInput)).toBe(`${h}.${p}`)
    expect(d.signature).toEqual(new Uint8Array([1, 2, 3]))
  })

  it.each([
    ['two parts', `${enc({ alg: 'RS256' })}.${enc({})}`],
    ['five parts (JWE)', 'a.b.c.d.e'],
    ['header not base64url', `${'!!'}.${enc({})}.AA`],
    ['header not JSON', `${encodeBase64Url(new TextEncoder().encode('{nope'))}.${enc({})}.AA`],
    ['header an array', `${enc(['RS256'])}.${enc({})}.AA`],
    ['header without alg', `${enc({ typ: 'JWT' })}.${enc({})}.AA`],
    ['kid not a string', `${enc({ alg: 'RS256', kid: 7 })}.${enc({})}.AA`],
    ['payload null', `${enc({ alg: 'RS256' })}.${enc(null)}.AA`],
    [
      'payload invalid UTF-8',
      `${enc({ alg: 'RS256' })}.${encodeBase64Url(new Uint8Array([0x22, 0xff, 0x22]))}.AA`,
    ],
    ['signature padded', `${enc({ alg: 'RS256' })}.${enc({})}.AA==`],
    ['too long', `${enc({ alg: 'RS256' })}.${enc({ x: 'y'.repeat(20_000) })}.AA`],
  ])('refuses %s as malformed_token', (_name, token) => {
    expect(reason(token)).toBe('malformed_token')
  })
})
