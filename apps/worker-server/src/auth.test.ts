import { describe, expect, it } from 'vitest'
import { authSettings } from './auth.js'

const JWKS = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1' }] }
const base = { AUTH_ISSUER: 'https://issuer.test', AUTH_AUDIENCE: 'https://notes.test/mcp' }

describe('authSettings', () => {
  it('is off while AUTH_ISSUER is unset or blank', () => {
    expect(authSettings({})).toBeUndefined()
    expect(authSettings({ AUTH_ISSUER: ' ', AUTH_AUDIENCE: 'https://notes.test/mcp' })).toBeUndefined()
  })

  it('reads the issuer, audience, a JWKS URL and the required scopes', () => {
    expect(
      authSettings({
        ...base,
        AUTH_JWKS_URL: 'https://issuer.test/jwks',
        AUTH_REQUIRED_SCOPES: ' notes  admin ',
      }),
    ).toEqual({
      issuer: 'https://issuer.test',
      audience: 'https://notes.test/mcp',
      jwks: { url: 'https://issuer.test/jwks' },
      requiredScopes: ['notes', 'admin'],
    })
  })

  it('takes an inline JWKS as JSON text or as an object', () => {
    expect(authSettings({ ...base, AUTH_JWKS: JSON.stringify(JWKS) })?.jwks).toEqual({ set: JWKS })
    expect(authSettings({ ...base, AUTH_JWKS: JWKS })?.jwks).toEqual({ set: JWKS })
    expect(authSettings({ ...base, AUTH_JWKS: JWKS })?.requiredScopes).toEqual([])
  })

  it('refuses a half configuration instead of serving unprotected', () => {
    expect(() => authSettings({ AUTH_ISSUER: 'https://issuer.test', AUTH_JWKS: JWKS })).toThrow(
      /AUTH_AUDIENCE/,
    )
    expect(() => authSettings(base)).toThrow(/AUTH_JWKS_URL nor AUTH_JWKS/)
    expect(() => authSettings({ ...base, AUTH_JWKS_URL: 'https://i.test/j', AUTH_JWKS: JWKS })).toThrow(
      /not both/,
    )
    expect(() => authSettings({ ...base, AUTH_JWKS: '{not json' })).toThrow(/not JSON/)
    expect(() => authSettings({ ...base, AUTH_JWKS: '{"keys":[]}' })).toThrow(/at least one key/)
  })
})
