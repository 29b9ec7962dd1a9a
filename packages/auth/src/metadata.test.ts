import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  protectedResourceMetadata,
  protectedResourceMetadataApp,
  protectedResourceMetadataDocument,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
} from './metadata.js'

const options = {
  resource: 'https://mcp.example.com/mcp',
  authorizationServers: ['https://auth.example.com'],
  scopesSupported: ['mcp:tools', 'mcp:read'],
  resourceName: 'Example MCP',
}

describe('protected-resource metadata URLs (RFC 9728 §3.1)', () => {
  it('inserts the well-known suffix between host and path', () => {
    expect(protectedResourceMetadataUrl('https://mcp.example.com/mcp')).toBe(
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
    )
    expect(protectedResourceMetadataUrl('https://mcp.example.com/public/mcp/')).toBe(
      'https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp',
    )
    expect(protectedResourceMetadataUrl('https://mcp.example.com')).toBe(
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    )
    expect(protectedResourceMetadataUrl('http://localhost:8787/mcp?tenant=a')).toBe(
      'http://localhost:8787/.well-known/oauth-protected-resource/mcp?tenant=a',
    )
  })

  it('lists the path-suffixed path, then the root fallback', () => {
    expect(protectedResourceMetadataPaths('https://mcp.example.com/mcp')).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ])
    expect(protectedResourceMetadataPaths('https://mcp.example.com/')).toEqual([
      '/.well-known/oauth-protected-resource',
    ])
  })

  it('refuses resources that are not absolute http(s) URLs or have a fragment', () => {
    expect(() => protectedResourceMetadataUrl('/mcp')).toThrow(TypeError)
    expect(() => protectedResourceMetadataUrl('urn:x:y')).toThrow(TypeError)
    expect(() => protectedResourceMetadataUrl('https://mcp.example.com/mcp#frag')).toThrow(TypeError)
  })
})

describe('protectedResourceMetadata', () => {
  it('builds the RFC 9728 §2 document', () => {
    expect(
      protectedResourceMetadataDocument({
        ...options,
        jwksUri: 'https://mcp.example.com/jwks.json',
        resourceDocumentation: 'https://docs.example.com',
        extra: { dpop_bound_access_tokens_required: false, resource: 'https://evil.example' },
      }),
    ).toEqual({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
      scopes_supported: ['mcp:tools', 'mcp:read'],
      bearer_methods_supported: ['header'],
      jwks_uri: 'https://mcp.example.com/jwks.json',
      resource_name: 'Example MCP',
      resource_documentation: 'https://docs.example.com',
      dpop_bound_access_tokens_required: false,
    })
    expect(() => protectedResourceMetadataDocument({ ...options, authorizationServers: [] })).toThrow(
      TypeError,
    )
  })

  it('serves it as public, cacheable JSON on both well-known paths', async () => {
    const app = new Hono()
    app.route('/', protectedResourceMetadataApp(options))
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const res = await app.request(path, { headers: { origin: 'https://inspector.example' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
      expect(await res.json()).toEqual({
        resource: 'https://mcp.example.com/mcp',
        authorization_servers: ['https://auth.example.com'],
        scopes_supported: ['mcp:tools', 'mcp:read'],
        bearer_methods_supported: ['header'],
        resource_name: 'Example MCP',
      })
    }
    expect((await app.request('/.well-known/oauth-protected-resource/other')).status).toBe(404)
  })

  it('can leave out the root copy', async () => {
    const app = new Hono()
    app.route('/', protectedResourceMetadataApp(options, { root: false }))
    expect((await app.request('/.well-known/oauth-protected-resource/mcp')).status).toBe(200)
    expect((await app.request('/.well-known/oauth-protected-resource')).status).toBe(404)
  })

  it('answers preflights, HEAD, and refuses other methods', async () => {
    const app = new Hono()
    app.all('/meta', protectedResourceMetadata({ ...options, maxAgeSec: 60 }))
    const pre = await app.request('/meta', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://inspector.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'mcp-protocol-version',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toBe('mcp-protocol-version')
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS')
    const head = await app.request('/meta', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('cache-control')).toBe('public, max-age=60')
    expect(await head.text()).toBe('')
    const post = await app.request('/meta', { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })
})
