import { describe, expect, it } from 'vitest'
import { type ClaimRules, checkClaims } from './claims.js'
import { AuthError } from './errors.js'
import type { JwtClaims } from './jwt.js'

const NOW = 1_800_000_000
const rules: ClaimRules = {
  issuers: ['https://as.example.com'],
  audiences: ['https://mcp.example.com/mcp'],
  clockToleranceSec: 30,
  nowSec: NOW,
  requireExp: true,
}
const good: JwtClaims = {
  iss: 'https://as.example.com',
  sub: 'alice',
  aud: 'https://mcp.example.com/mcp',
  iat: NOW - 10,
  exp: NOW + 300,
}
const outcome = (claims: JwtClaims, r: Partial<ClaimRules> = {}) => {
  try {
    checkClaims(claims, { ...rules, ...r })
    return 'ok'
  } catch (e) {
    if (e instanceof AuthError) return e.reason
    throw e
  }
}

describe('checkClaims', () => {
  it('accepts a current token for this resource', () => {
    expect(outcome(good)).toBe('ok')
    expect(outcome({ ...good, aud: ['https://other.example', 'https://mcp.example.com/mcp'] })).toBe('ok')
  })

  it('applies the clock tolerance on both sides of exp and nbf', () => {
    expect(outcome({ ...good, exp: NOW - 29 })).toBe('ok')
    expect(outcome({ ...good, exp: NOW - 30 })).toBe('expired')
    expect(outcome({ ...good, exp: NOW }, { clockToleranceSec: 0 })).toBe('expired')
    expect(outcome({ ...good, nbf: NOW + 30 })).toBe('ok')
    expect(outcome({ ...good, nbf: NOW + 31 })).toBe('not_yet_valid')
  })

  it('refuses an iat in the future and, with maxTokenAgeSec, an old or missing iat', () => {
    expect(outcome({ ...good, iat: NOW + 31 })).toBe('invalid_iat')
    expect(outcome({ ...good, iat: NOW - 1000 }, { maxTokenAgeSec: 600 })).toBe('invalid_iat')
    expect(outcome({ ...good, iat: NOW - 500 }, { maxTokenAgeSec: 600 })).toBe('ok')
    const { iat: _, ...noIat } = good
    expect(outcome(noIat, { maxTokenAgeSec: 600 })).toBe('invalid_claims')
  })

  it('refuses time claims that are not numbers, and a missing exp unless allowed', () => {
    expect(outcome({ ...good, exp: String(NOW + 300) as unknown as number })).toBe('invalid_claims')
    expect(outcome({ ...good, nbf: Number.NaN })).toBe('invalid_claims')
    const { exp: _, ...noExp } = good
    expect(outcome(noExp)).toBe('invalid_claims')
    expect(outcome(noExp, { requireExp: false })).toBe('ok')
  })

  it('refuses another issuer, another audience, and a missing subject', () => {
    expect(outcome({ ...good, iss: 'https://evil.example.com' })).toBe('invalid_issuer')
    const { iss: _i, ...noIss } = good
    expect(outcome(noIss)).toBe('invalid_issuer')
    expect(outcome({ ...good, aud: 'https://mcp.example.com/mcp/' })).toBe('invalid_audience')
    expect(outcome({ ...good, aud: ['https://other.example'] })).toBe('invalid_audience')
    const { aud: _a, ...noAud } = good
    expect(outcome(noAud)).toBe('invalid_audience')
    expect(outcome({ ...good, aud: [42 as unknown as string] })).toBe('invalid_audience')
    expect(outcome({ ...good, sub: '' })).toBe('invalid_claims')
  })
})
