import { type AuthChallenge, type AuthProvider, McpClient, McpLocalError } from '@edgemcp/core'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { StreamableHttpClientTransport } from '../src/client/transport.js'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'
import { makeServer } from './helpers.js'

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/**
 * An MCP endpoint behind a bearer check: no token → 401 with a resource_metadata challenge; `basic` → tools
 * listed but tools/call answers 403 insufficient_scope; `full` → everything.
 */
async function protectedServer() {
  const seen: string[] = []
  const app = new Hono()
  app.use('/mcp', async (c, next) => {
    const auth = c.req.header('authorization') ?? ''
    seen.push(`${c.req.method} ${auth}`)
    const body = c.req.method === 'POST' ? await c.req.raw.clone().text() : ''
    if (auth === '')
      return c.json({ error: 'invalid_token' }, 401, {
        'WWW-Authenticate': `Bearer resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', c.req.url)}"`,
      })
    if (auth === 'Bearer basic' && body.includes('"tools/call"'))
      return c.json({ error: 'insufficient_scope' }, 403, {
        'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="tools:call"',
      })
    if (auth !== 'Bearer basic' && auth !== 'Bearer full') return c.json({ error: 'invalid_token' }, 401)
    await next()
  })
  app.route('/mcp', createMcpHandler(makeServer()))
  running = await serve(app)
  return { url: `${running.url}/mcp`, seen }
}

/** Answers the first challenge with the `basic` token and a 403 insufficient_scope with the `full` one. */
function steppingProvider() {
  let token: string | undefined
  const challenges: AuthChallenge[] = []
  const provider: AuthProvider = {
    headers: ({ url }): Record<string, string> =>
      token && new URL(url).hostname === '127.0.0.1' ? { Authorization: `Bearer ${token}` } : {},
    unauthorized: async (c) => {
      challenges.push(c)
      const wwwAuth = c.headers.get('www-authenticate') ?? ''
      token = c.status === 403 && wwwAuth.includes('insufficient_scope') ? 'full' : 'basic'
      return true
    },
  }
  return { provider, challenges }
}

describe('StreamableHttpClientTransport authProvider', () => {
  for (const protocol of ['legacy', 'modern'] as const) {
    it(`${protocol}: logs in on 401, steps up on 403 insufficient_scope`, async () => {
      const { url, seen } = await protectedServer()
      const { provider, challenges } = steppingProvider()
      const client = new McpClient({ name: 't', version: '1' }, { protocol })
      await client.connect(new StreamableHttpClientTransport(url, { authProvider: provider }))
      expect((await client.listTools()).tools.length).toBeGreaterThan(0)
      const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })
      expect(result.content).toEqual([{ type: 'text', text: '3' }])
      expect(challenges.map((c) => [c.status, c.method])).toEqual([
        [401, 'POST'],
        [403, 'POST'],
      ])
      expect(challenges[0]?.headers.get('www-authenticate')).toContain('oauth-protected-resource/mcp')
      expect(seen.filter((s) => s.startsWith('POST')).slice(0, 2)).toEqual(['POST ', 'POST Bearer basic'])
      expect(seen.at(-1)).toBe('POST Bearer full')
      await client.close()
    })
  }

  it('a declined challenge surfaces as an HTTP error with the 401 status', async () => {
    const { url } = await protectedServer()
    const provider: AuthProvider = { headers: () => ({}), unauthorized: async () => false }
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'legacy' })
    const failure = client.connect(new StreamableHttpClientTransport(url, { authProvider: provider }))
    await expect(failure).rejects.toMatchObject({ status: 401 })
  })

  it("the provider's own error reaches the caller unwrapped", async () => {
    const { url } = await protectedServer()
    const refused = new McpLocalError('auth', 'The protected resource metadata names another resource')
    const provider: AuthProvider = {
      headers: () => ({}),
      unauthorized: async () => {
        throw refused
      },
    }
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'legacy' })
    await expect(
      client.connect(new StreamableHttpClientTransport(url, { authProvider: provider })),
    ).rejects.toBe(refused)
  })
})
