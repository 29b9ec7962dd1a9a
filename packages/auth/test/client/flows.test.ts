import { McpClient } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { describe, expect, it, vi } from 'vitest'
import { createOAuthProvider, MemoryOAuthStore, type OAuthProvider } from '../../src/client.js'
import { approve, startWorld, type WorldUrls } from './world.js'

const identity = (metadataUrl?: string) => ({
  name: 'flows test',
  redirectUri: 'http://127.0.0.1:9/callback',
  ...(metadataUrl && { metadataUrl }),
})

async function callThrough(
  urls: WorldUrls,
  provider: OAuthProvider,
  protocol: 'legacy' | 'modern' = 'modern',
) {
  const client = new McpClient({ name: 't', version: '1' }, { protocol })
  await client.connect(new StreamableHttpClientTransport(urls.mcp, { authProvider: provider }))
  const result = await client.callTool({ name: 'whoami', arguments: {} })
  await client.close()
  return result
}

describe('createOAuthProvider through a real transport', () => {
  for (const protocol of ['legacy', 'modern'] as const)
    it(`${protocol}: discovers, registers, logs in with PKCE and resource, then calls the tool`, async () => {
      const { urls, seen, counters } = await startWorld({ challengeScope: 'notes:read' })
      const provider = createOAuthProvider({ serverUrl: urls.mcp, client: identity(), authorize: approve })
      expect((await callThrough(urls, provider, protocol)).content).toEqual([{ type: 'text', text: 'you' }])
      expect(counters).toMatchObject({ registrations: 1, authorizations: 1, tokenRequests: 1 })
      const q = seen.authorize[0]
      expect(q?.get('code_challenge_method')).toBe('S256')
      expect(q?.get('resource')).toBe(urls.mcp)
      // The challenge's scope, plus offline_access which the authorization server offers.
      expect(q?.get('scope')).toBe('notes:read offline_access')
      const tokens = await provider.tokens()
      expect(tokens).toMatchObject({
        issuer: urls.issuer,
        resource: urls.mcp,
        token_type: 'bearer',
        scope: 'notes:read offline_access',
      })
      expect(tokens?.refresh_token).toBeDefined()
      // The token went to the resource only; nothing ever reached the attacker.
      expect(seen.rs.filter((r) => r.includes('Bearer')).length).toBeGreaterThan(0)
      expect(seen.as.some((r) => r.includes(tokens?.access_token ?? '?'))).toBe(false)
      expect(seen.attacker).toEqual([])
    })

  it('uses the scopes_supported of the resource without a challenge scope, and omits scope without either', async () => {
    const a = await startWorld()
    await callThrough(
      a.urls,
      createOAuthProvider({
        serverUrl: a.urls.mcp,
        client: identity(),
        authorize: approve,
        offlineAccess: false,
      }),
    )
    expect(a.seen.authorize[0]?.get('scope')).toBe('notes:read')
    const b = await startWorld({
      prmPatch: ({ scopes_supported: _, ...doc }) => doc,
      asPatch: ({ scopes_supported: _, ...doc }) => doc,
    })
    await callThrough(
      b.urls,
      createOAuthProvider({ serverUrl: b.urls.mcp, client: identity(), authorize: approve }),
    )
    expect(b.seen.authorize[0]?.has('scope')).toBe(false)
  })

  it('uses a client metadata document where the server supports it, instead of registering', async () => {
    const { urls, seen, counters } = await startWorld({
      asPatch: (doc) => ({ ...doc, client_id_metadata_document_supported: true }),
    })
    const metadataUrl = 'https://app.example.com/oauth/client.json'
    await callThrough(
      urls,
      createOAuthProvider({ serverUrl: urls.mcp, client: identity(metadataUrl), authorize: approve }),
    )
    expect(counters.registrations).toBe(0)
    expect(seen.authorize[0]?.get('client_id')).toBe(metadataUrl)
  })

  it('refreshes an expired token at the server that issued it, without a new login', async () => {
    const { urls, counters } = await startWorld({ expiresIn: 3600, challengeScope: 'notes:read' })
    const store = new MemoryOAuthStore()
    const provider = createOAuthProvider({
      serverUrl: urls.mcp,
      client: identity(),
      authorize: approve,
      store,
    })
    await callThrough(urls, provider)
    const first = await provider.tokens()
    // Two hours later (one clock for the client and the servers): the token has expired.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 2 * 3600_000)
    try {
      await callThrough(urls, provider)
    } finally {
      vi.useRealTimers()
    }
    expect(counters).toMatchObject({ authorizations: 1, refreshes: 1 })
    const second = await provider.tokens()
    expect(second?.access_token).not.toBe(first?.access_token)
    expect(second?.refresh_token).toBeDefined()
    // A second provider on the same store starts from the stored tokens.
    const again = createOAuthProvider({ serverUrl: urls.mcp, client: identity(), store })
    expect((await again.tokens())?.access_token).toBe(second?.access_token)
  })

  it('steps up on 403 insufficient_scope with the union of held and challenged scopes', async () => {
    const { urls, seen } = await startWorld({ challengeScope: 'notes:read', callScope: 'notes:write' })
    const provider = createOAuthProvider({
      serverUrl: urls.mcp,
      client: identity(),
      authorize: approve,
      offlineAccess: false,
    })
    expect((await callThrough(urls, provider)).content).toEqual([{ type: 'text', text: 'you' }])
    expect(seen.authorize.map((q) => q.get('scope'))).toEqual(['notes:read', 'notes:read notes:write'])
  })

  it('gives up stepping up when the authorization server never grants the scope', async () => {
    const { urls, counters } = await startWorld({
      challengeScope: 'notes:read',
      callScope: 'admin',
      grantOnly: 'notes:read',
    })
    const provider = createOAuthProvider({ serverUrl: urls.mcp, client: identity(), authorize: approve })
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'modern' })
    await client.connect(new StreamableHttpClientTransport(urls.mcp, { authProvider: provider }))
    const attempts: unknown[] = []
    for (let i = 0; i < 4; i++)
      attempts.push(await client.callTool({ name: 'whoami', arguments: {} }).catch((e: Error) => e.message))
    await client.close()
    expect(attempts.at(-1)).toMatch(
      /still refuses with insufficient_scope \(admin\) after 2 step-up authorizations/,
    )
    expect(counters.authorizations).toBe(3) // the login, then two step-ups
  })

  it('without an authorize callback, a needed login fails with one clear error and registers nothing', async () => {
    const { urls, counters } = await startWorld()
    const provider = createOAuthProvider({ serverUrl: urls.mcp, client: identity() })
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'modern' })
    await expect(
      client.connect(new StreamableHttpClientTransport(urls.mcp, { authProvider: provider })),
    ).rejects.toMatchObject({
      name: 'OAuthClientError',
      code: 'interaction_required',
    })
    expect(counters.registrations).toBe(0)
  })

  it('keeps credentials per issuer: a resource that moves to another authorization server gets a new registration', async () => {
    const one = await startWorld()
    const two = await startWorld()
    let moved = false
    const world = await startWorld({
      prmPatch: (doc) => ({ ...doc, authorization_servers: [moved ? two.urls.issuer : one.urls.issuer] }),
    })
    // The resource accepts tokens of whichever server it names: forward its check to that server's table.
    const store = new MemoryOAuthStore()
    const provider = createOAuthProvider({
      serverUrl: world.urls.mcp,
      client: identity(),
      authorize: approve,
      store,
    })
    // Token issued by `one` for the world's resource is not in the world's token table: the world's own AS is
    // not used, so check the registrations and the requests instead of calling the tool.
    await provider.login()
    expect(one.counters.registrations).toBe(1)
    moved = true
    await provider.login()
    expect(two.counters.registrations).toBe(1)
    const [first, second] = [one, two].map((w) => w.seen.authorize[0]?.get('client_id'))
    expect(first).toMatch(/-client-/)
    expect(second).toMatch(/-client-/)
    expect(second).not.toBe(first)
    // The second server never saw the first one's client.
    expect(two.seen.authorize.some((q) => q.get('client_id') === first)).toBe(false)
  })
})
