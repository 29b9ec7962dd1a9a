import { McpClient, McpServer } from '@edgemcp/core'
import { createMcpFetchHandler, StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { describe, expect, it } from 'vitest'
// The built output, as published: this is what runs on Workers.
import {
  createClientCredentialsProvider,
  createOAuthProvider,
  kvOAuthStore,
  type KvNamespaceLike,
} from '../../dist/client.js'

/**
 * The OAuth client inside workerd (the Workers runtime): discovery, registration, PKCE, the authorization code,
 * DPoP proofs and private_key_jwt assertions all on workerd's WebCrypto and fetch, against an authorization
 * server and an MCP server that live in the test (https://as.test, https://mcp.test) behind a fetch.
 */

const AS = 'https://as.test'
const MCP = 'https://mcp.test/mcp'

function world() {
  const tokens = new Map<string, { scheme: string; scope: string }>()
  const codes = new Map<string, string>()
  const seen: string[] = []
  let n = 0
  const server = new McpServer({ name: 'workerd', version: '1.0.0' })
  server.tool('ping', {}, () => ({ content: [{ type: 'text', text: 'pong' }] }))
  const mcp = createMcpFetchHandler(server)
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers })
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    seen.push(
      `${request.method} ${url.origin}${url.pathname} ${request.headers.has('dpop') ? 'dpop' : ''}`.trim(),
    )
    if (url.origin === AS) {
      if (url.pathname === '/.well-known/oauth-authorization-server')
        return json({
          issuer: AS,
          authorization_endpoint: `${AS}/authorize`,
          token_endpoint: `${AS}/token`,
          registration_endpoint: `${AS}/register`,
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
          grant_types_supported: ['authorization_code', 'client_credentials'],
          dpop_signing_alg_values_supported: ['ES256'],
        })
      if (url.pathname === '/register')
        return json({ client_id: `c${++n}`, ...((await request.json()) as object) }, 201)
      if (url.pathname === '/authorize') {
        const code = `code${++n}`
        codes.set(code, url.searchParams.get('scope') ?? '')
        const back = new URL(url.searchParams.get('redirect_uri') ?? '')
        back.searchParams.set('code', code)
        back.searchParams.set('state', url.searchParams.get('state') ?? '')
        back.searchParams.set('iss', AS)
        return new Response(null, { status: 302, headers: { location: back.href } })
      }
      if (url.pathname === '/token') {
        // Read as bytes: workerd warns on .text() of a form body.
        const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()))
        const grant = form.get('grant_type')
        if (grant === 'client_credentials' && !form.get('client_assertion')?.split('.')[2])
          return json({ error: 'invalid_client' }, 401)
        if (grant === 'authorization_code' && !codes.has(form.get('code') ?? ''))
          return json({ error: 'invalid_grant' }, 400)
        const scheme = request.headers.has('dpop') ? 'DPoP' : 'Bearer'
        const token = `t${++n}`
        tokens.set(token, { scheme, scope: codes.get(form.get('code') ?? '') ?? '' })
        return json({ access_token: token, token_type: scheme, expires_in: 600 })
      }
    }
    if (url.origin === 'https://mcp.test') {
      if (url.pathname === '/.well-known/oauth-protected-resource/mcp')
        return json({ resource: MCP, authorization_servers: [AS] })
      const [scheme, token] = (request.headers.get('authorization') ?? '').split(' ')
      const held = token ? tokens.get(token) : undefined
      if (!held || held.scheme !== scheme || (scheme === 'DPoP' && !request.headers.has('dpop')))
        return json({ error: 'invalid_token' }, 401, {
          'WWW-Authenticate': `DPoP resource_metadata="https://mcp.test/.well-known/oauth-protected-resource/mcp", Bearer`,
        })
      return mcp(request)
    }
    return new Response('no such host', { status: 502 })
  }
  return { fetch: fetchImpl, seen }
}

async function call(
  provider: Parameters<typeof connectOptions>[0],
  fetchImpl: ReturnType<typeof world>['fetch'],
) {
  const client = new McpClient({ name: 'workerd', version: '1.0.0' }, { protocol: 'modern' })
  await client.connect(new StreamableHttpClientTransport(MCP, connectOptions(provider, fetchImpl)))
  const result = await client.callTool({ name: 'ping', arguments: {} })
  await client.close()
  return result.content
}
const connectOptions = (
  provider: ReturnType<typeof createOAuthProvider>,
  fetchImpl: ReturnType<typeof world>['fetch'],
) => ({
  authProvider: provider,
  fetch: fetchImpl,
})

describe('@edgemcp/auth/client in workerd', () => {
  it('logs in with the authorization code flow, DPoP-bound, and keeps tokens in a KV-like store', async () => {
    const w = world()
    const kv = new Map<string, string>()
    const namespace: KvNamespaceLike = {
      get: async (k) => kv.get(k) ?? null,
      put: async (k, v) => void kv.set(k, v),
      delete: async (k) => void kv.delete(k),
    }
    const provider = createOAuthProvider({
      serverUrl: MCP,
      client: { name: 'workerd test', redirectUri: 'https://app.test/callback' },
      store: kvOAuthStore(namespace, 'u1:'),
      fetch: w.fetch,
      authorize: async ({ url }) => (await w.fetch(url)).headers.get('location') ?? '',
    })
    expect(await call(provider, w.fetch)).toEqual([{ type: 'text', text: 'pong' }])
    expect(w.seen).toContain('POST https://as.test/token dpop')
    expect((await provider.tokens())?.token_type).toBe('dpop')
    expect([...kv.keys()]).toEqual([`u1:oauth:client:${AS}`, `u1:oauth:tokens:${MCP}`])
  })

  it('client credentials with private_key_jwt from a PKCS#8 PEM', async () => {
    const w = world()
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    const der = new Uint8Array((await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer)
    const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----`
    const provider = createClientCredentialsProvider({
      serverUrl: MCP,
      clientId: 'worker',
      privateKey: { pem, algorithm: 'ES256' },
      fetch: w.fetch,
      dpop: false,
    })
    expect(await call(provider, w.fetch)).toEqual([{ type: 'text', text: 'pong' }])
    expect((await provider.tokens())?.token_type).toBe('bearer')
  })
})
