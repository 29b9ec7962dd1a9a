import { describe, expect, it } from 'vitest'
import { bearerChallenge, isScopeToken } from './www-authenticate.js'

describe('bearerChallenge', () => {
  it('writes attributes in a fixed order', () => {
    expect(bearerChallenge({})).toBe('Bearer')
    expect(
      bearerChallenge({
        errorDescription: 'need write',
        resourceMetadata: 'https://x.example/.well-known/oauth-protected-resource/mcp',
        scope: ['files:read', 'files:write'],
        error: 'insufficient_scope',
        realm: 'mcp',
      }),
    ).toBe(
      'Bearer realm="mcp", error="insufficient_scope", scope="files:read files:write", ' +
        'resource_metadata="https://x.example/.well-known/oauth-protected-resource/mcp", error_description="need write"',
    )
  })

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const v = bearerChallenge({ errorDescription: 'a"b\\c\r\nd\u00e9', realm: '"x' })
    expect(v).toBe('Bearer realm="x", error_description="abcd"')
  })

  it('omits an empty scope list and scopes that are not scope tokens', () => {
    expect(bearerChallenge({ scope: [] })).toBe('Bearer')
    expect(bearerChallenge({ scope: ['ok', 'no"pe', 'sp ace'] })).toBe('Bearer scope="ok"')
    expect(isScopeToken('mcp:tools')).toBe(true)
    expect(isScopeToken('a\\b')).toBe(false)
    expect(isScopeToken('')).toBe(false)
  })
})
