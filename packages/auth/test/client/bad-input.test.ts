import { McpClient } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { describe, expect, it } from 'vitest'
import { createOAuthProvider, type OAuthClientErrorCode } from '../../src/client.js'
import { approve, startWorld, type WorldOptions } from './world.js'

const identity = { name: 'bad input test', redirectUri: 'http://127.0.0.1:9/callback' }

/** Connects through a provider and expects the OAuth client to stop with `code`; returns the world to inspect. */
async function refused(options: WorldOptions, code: OAuthClientErrorCode, message?: RegExp) {
  const world = await startWorld(options)
  const provider = createOAuthProvider({ serverUrl: world.urls.mcp, client: identity, authorize: approve })
  const client = new McpClient({ name: 't', version: '1' }, { protocol: 'modern' })
  const error = await client
    .connect(new StreamableHttpClientTransport(world.urls.mcp, { authProvider: provider }))
    .then(
      () => undefined,
      (e: unknown) => e,
    )
  expect(error).toMatchObject({ name: 'OAuthClientError', kind: 'auth', code })
  if (message) expect((error as Error).message).toMatch(message)
  // Nothing was sent to the attacker, and no token was ever issued or presented.
  expect(world.seen.attacker).toEqual([])
  expect(world.counters.tokenRequests).toBe(0)
  expect(world.seen.rs.filter((r) => r.includes('Bearer'))).toEqual([])
  return world
}

describe('hostile or broken metadata is refused with a clear error', () => {
  it('authorization-server metadata for another issuer (RFC 8414 §3.3)', async () => {
    const world = await refused(
      { asPatch: (doc, w) => ({ ...doc, issuer: w.attacker }) },
      'issuer_mismatch',
      /describes issuer "http:\/\/127\.0\.0\.1:\d+", not/,
    )
    expect(world.counters.registrations).toBe(0)
  })

  it('an issuer that differs only by a trailing slash (no normalization)', async () => {
    await refused({ asPatch: (doc) => ({ ...doc, issuer: `${String(doc.issuer)}/` }) }, 'issuer_mismatch')
  })

  it('a protected resource naming another resource (RFC 9728 §3.3)', async () => {
    const world = await refused(
      { prmPatch: (doc, w) => ({ ...doc, resource: `${w.attacker}/mcp` }) },
      'resource_mismatch',
      /names resource/,
    )
    expect(world.counters.authorizations).toBe(0)
  })

  it('a resource on the same origin but another path', async () => {
    await refused(
      { prmPatch: (doc, w) => ({ ...doc, resource: `${w.rsOrigin}/other` }) },
      'resource_mismatch',
    )
  })

  it('http endpoints off loopback: token endpoint, authorization server', async () => {
    await refused(
      { asPatch: (doc) => ({ ...doc, token_endpoint: 'http://auth.example.com/token' }) },
      'insecure_url',
      /http is allowed on loopback only/,
    )
    await refused(
      { prmPatch: (doc) => ({ ...doc, authorization_servers: ['http://auth.example.com'] }) },
      'insecure_url',
    )
  })

  it('an MCP server URL that is http off loopback is refused before anything is sent', () => {
    expect(() => createOAuthProvider({ serverUrl: 'http://mcp.example.com/mcp', client: identity })).toThrow(
      expect.objectContaining({ code: 'insecure_url' }),
    )
  })

  it('oversized metadata documents, declared or streamed without end', async () => {
    const big = JSON.stringify({ resource: 'x', pad: 'x'.repeat(200_000) })
    await refused(
      {
        routes: {
          rs: (app) =>
            app.get('/.well-known/oauth-protected-resource/mcp', (c) =>
              c.body(big, 200, { 'content-type': 'application/json' }),
            ),
        },
      },
      'response_too_large',
      /more than 100000 bytes/,
    )
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new TextEncoder().encode(`{"pad":"${'y'.repeat(8192)}`)),
      })
    await refused(
      {
        routes: {
          as: (app) =>
            app.get(
              '/.well-known/oauth-authorization-server',
              () => new Response(endless(), { headers: { 'content-type': 'application/json' } }),
            ),
        },
      },
      'response_too_large',
    )
  })

  it('redirects to other origins: metadata GET and token POST', async () => {
    await refused(
      {
        routes: {
          rs: (app, w) =>
            app.get('/.well-known/oauth-protected-resource/mcp', (c) => c.redirect(`${w.attacker}/prm`, 302)),
        },
      },
      'redirect_refused',
      /redirected to http:\/\/127\.0\.0\.1:\d+\/prm/,
    )
    const world = await startWorld({
      routes: { as: (app, w) => app.post('/token', (c) => c.redirect(`${w.attacker}/token`, 307)) },
    })
    const provider = createOAuthProvider({ serverUrl: world.urls.mcp, client: identity, authorize: approve })
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'modern' })
    await expect(
      client.connect(new StreamableHttpClientTransport(world.urls.mcp, { authProvider: provider })),
    ).rejects.toMatchObject({
      code: 'redirect_refused',
    })
    // The authorization code and the PKCE verifier never reached the other origin.
    expect(world.seen.attacker).toEqual([])
  })

  it('an authorization response from another issuer (RFC 9207) is not exchanged', async () => {
    const world = await refused({ iss: 'wrong' }, 'authorization_failed', /possible mix-up attack/)
    expect(world.counters.authorizations).toBe(1)
  })

  it('an authorization server without PKCE S256', async () => {
    const world = await refused(
      { asPatch: ({ code_challenge_methods_supported: _, ...doc }) => doc },
      'pkce_unsupported',
    )
    expect(world.counters.authorizations).toBe(0)
  })
})

describe('tokens never leave the MCP server origin', () => {
  it('headers() and unauthorized() ignore every other origin, even with tokens held', async () => {
    const world = await startWorld()
    const provider = createOAuthProvider({ serverUrl: world.urls.mcp, client: identity, authorize: approve })
    await provider.login()
    expect(await provider.headers({ url: world.urls.mcp, method: 'POST' })).toMatchObject({
      Authorization: expect.stringMatching(/^Bearer /),
    })
    for (const url of [
      `${world.urls.attacker}/mcp`,
      world.urls.issuer,
      'https://evil.example/mcp',
      'not a url',
    ])
      expect(await provider.headers({ url, method: 'POST' })).toEqual({})
    const challenge = {
      url: `${world.urls.attacker}/mcp`,
      method: 'POST',
      status: 401,
      headers: new Headers({ 'WWW-Authenticate': 'Bearer' }),
      sentHeaders: {},
    }
    expect(await provider.unauthorized(challenge)).toBe(false)
    expect(world.counters.authorizations).toBe(1)
  })
})

describe('a redirect of the MCP server does not carry the token away', () => {
  it('a 307 from the MCP endpoint to another origin reaches it without the Authorization header', async () => {
    let redirect = false
    const world = await startWorld({
      routes: {
        rs: (app, w) =>
          app.post('/mcp', async (c, next) => (redirect ? c.redirect(`${w.attacker}/mcp`, 307) : next())),
      },
    })
    const provider = createOAuthProvider({ serverUrl: world.urls.mcp, client: identity, authorize: approve })
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'modern' })
    await client.connect(new StreamableHttpClientTransport(world.urls.mcp, { authProvider: provider }))
    expect(world.seen.rs.some((r) => r.startsWith('POST /mcp Bearer '))).toBe(true)
    redirect = true
    const call = client.callTool({ name: 'whoami', arguments: {} }).catch(() => undefined)
    // The request followed the redirect (the attacker saw it), but the bearer token stayed behind.
    await expect.poll(() => world.seen.attacker, { timeout: 30_000 }).toEqual(['POST /mcp'])
    await client.close()
    await call
  }, 60_000)
})
