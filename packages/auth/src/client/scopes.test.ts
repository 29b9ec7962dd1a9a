import { describe, expect, it } from 'vitest'
import { type ScopeInputs, scopeKey, selectScope } from './scopes.js'

const none: ScopeInputs = {
  challenged: undefined,
  resourceSupported: undefined,
  prior: [],
  configured: [],
  serverSupported: undefined,
  offlineAccess: true,
}

describe('selectScope', () => {
  it('uses the challenge first, then scopes_supported, and omits the parameter when neither exists', () => {
    expect(selectScope({ ...none, challenged: 'mcp:basic', resourceSupported: ['a', 'b'] })).toBe('mcp:basic')
    expect(selectScope({ ...none, resourceSupported: ['a', 'b', 'c'] })).toBe('a b c')
    expect(selectScope(none)).toBeUndefined()
  })

  it('step-up asks for the union of what was asked before and the challenged scopes', () => {
    expect(
      selectScope({ ...none, challenged: 'mcp:write', prior: ['mcp:basic'], resourceSupported: ['x'] }),
    ).toBe('mcp:basic mcp:write')
  })

  it('adds offline_access only when the authorization server lists it', () => {
    expect(selectScope({ ...none, challenged: 'a', serverSupported: ['a', 'offline_access'] })).toBe(
      'a offline_access',
    )
    expect(selectScope({ ...none, challenged: 'a', serverSupported: ['a'] })).toBe('a')
    expect(
      selectScope({ ...none, challenged: 'a', serverSupported: ['offline_access'], offlineAccess: false }),
    ).toBe('a')
  })

  it('scopeKey ignores order and duplicates', () => {
    expect(scopeKey('b a a')).toBe(scopeKey('a b'))
    expect(scopeKey(undefined)).toBe('')
  })
})
