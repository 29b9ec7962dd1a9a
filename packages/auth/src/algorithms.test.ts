import { describe, expect, it } from 'vitest'
import { type Jwk, keyFitsAlgorithm } from './algorithms.js'
import { encodeBase64Url } from '@edgemcp/core/internal'

const n2048 = encodeBase64Url(new Uint8Array(256).fill(0xc1))
const rsa: Jwk = { kty: 'RSA', n: n2048, e: 'AQAB' }
const p256: Jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }

describe('keyFitsAlgorithm', () => {
  it('matches key type and curve to the algorithm', () => {
    expect(keyFitsAlgorithm(rsa, 'RS256')).toBe(true)
    expect(keyFitsAlgorithm(rsa, 'PS512')).toBe(true)
    expect(keyFitsAlgorithm(rsa, 'ES256')).toBe(false)
    expect(keyFitsAlgorithm(p256, 'ES256')).toBe(true)
    expect(keyFitsAlgorithm(p256, 'ES384')).toBe(false)
    expect(keyFitsAlgorithm(p256, 'RS256')).toBe(false)
    expect(keyFitsAlgorithm({ kty: 'oct', k: 'c2VjcmV0' }, 'RS256')).toBe(false)
  })

  it('honours alg, use and key_ops declared on the key', () => {
    expect(keyFitsAlgorithm({ ...rsa, alg: 'RS256' }, 'RS256')).toBe(true)
    expect(keyFitsAlgorithm({ ...rsa, alg: 'RS512' }, 'RS256')).toBe(false)
    expect(keyFitsAlgorithm({ ...rsa, use: 'enc' }, 'RS256')).toBe(false)
    expect(keyFitsAlgorithm({ ...rsa, key_ops: ['verify'] }, 'RS256')).toBe(true)
    expect(keyFitsAlgorithm({ ...rsa, key_ops: ['encrypt'] }, 'RS256')).toBe(false)
  })

  it('ignores RSA keys under 2048 bits and keys missing members', () => {
    expect(keyFitsAlgorithm({ ...rsa, n: encodeBase64Url(new Uint8Array(128).fill(0xc1)) }, 'RS256')).toBe(
      false,
    )
    expect(keyFitsAlgorithm({ kty: 'RSA', n: n2048 }, 'RS256')).toBe(false)
    expect(keyFitsAlgorithm({ kty: 'EC', crv: 'P-256', x: 'x' }, 'ES256')).toBe(false)
  })
})
