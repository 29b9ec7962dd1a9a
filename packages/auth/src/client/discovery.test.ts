import { describe, expect, it } from 'vitest'
import { authorizationServerMetadataCandidates } from './authorization-server.js'
import { checkResource, protectedResourceMetadataCandidates } from './protected-resource.js'
import { canonicalResource } from './target.js'

describe('well-known URLs in the order MCP clients must try them', () => {
  it('protected-resource metadata: at the endpoint path, then at the root', () => {
    expect(protectedResourceMetadataCandidates(new URL('https://a.test/public/mcp'))).toEqual([
      'https://a.test/.well-known/oauth-protected-resource/public/mcp',
      'https://a.test/.well-known/oauth-protected-resource',
    ])
    expect(protectedResourceMetadataCandidates(new URL('https://a.test/'))).toEqual([
      'https://a.test/.well-known/oauth-protected-resource',
    ])
  })

  it('authorization-server metadata: OAuth then OpenID, path insertion before path appending', () => {
    expect(authorizationServerMetadataCandidates(new URL('https://auth.test/tenant1'))).toEqual([
      'https://auth.test/.well-known/oauth-authorization-server/tenant1',
      'https://auth.test/.well-known/openid-configuration/tenant1',
      'https://auth.test/tenant1/.well-known/openid-configuration',
    ])
    expect(authorizationServerMetadataCandidates(new URL('https://auth.test'))).toEqual([
      'https://auth.test/.well-known/oauth-authorization-server',
      'https://auth.test/.well-known/openid-configuration',
    ])
  })
})

describe('checkResource', () => {
  const server = new URL('https://mcp.test/api/mcp')
  it('accepts the server URL itself or a parent of its path, on its origin (case-insensitive host)', () => {
    for (const ok of [
      'https://mcp.test/api/mcp',
      'https://mcp.test/api/mcp/',
      'https://mcp.test/api',
      'https://mcp.test',
      'HTTPS://MCP.TEST/api/mcp',
    ])
      expect(() => checkResource(ok, server), ok).not.toThrow()
  })
  it('refuses another origin, another path, a sibling prefix, a fragment or garbage', () => {
    for (const bad of [
      'https://evil.test/api/mcp',
      'http://mcp.test/api/mcp',
      'https://mcp.test:8443/api/mcp',
      'https://mcp.test/other',
      'https://mcp.test/api/mc',
      'https://mcp.test/api/mcp#x',
      'mcp.test',
    ])
      expect(() => checkResource(bad, server), bad).toThrow(
        expect.objectContaining({ code: 'resource_mismatch' }),
      )
  })
  it('the canonical resource of a server URL drops the trailing slash, query and fragment', () => {
    expect(canonicalResource(new URL('https://mcp.test/mcp/?x=1#y'))).toBe('https://mcp.test/mcp')
    expect(canonicalResource(new URL('https://mcp.test/'))).toBe('https://mcp.test')
  })
})
