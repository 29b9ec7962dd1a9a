import { type AuthProvider, McpClient } from '@edgemcp/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { connectWithFallback, createSseHandler, SseClientTransport } from '../src/index.js'
import { makeServer, sseTestbed } from './helpers.js'

const bed = sseTestbed()

/** A legacy HTTP+SSE server (no Streamable HTTP) that wants `Authorization: Bearer ok` on every request. */
async function protectedSse() {
  const seen: string[] = []
  const app = new Hono()
  app.use('*', async (c, next) => {
    const auth = c.req.header('authorization') ?? ''
    seen.push(`${c.req.method} ${new URL(c.req.url).pathname} ${auth}`)
    if (auth !== 'Bearer ok') return c.json({ error: 'invalid_token' }, 401, { 'WWW-Authenticate': 'Bearer' })
    await next()
  })
  app.route('/', createSseHandler(makeServer().server))
  const l = await bed.listen(app)
  return { url: l.url, seen }
}

function loginOnce() {
  let token: string | undefined
  let logins = 0
  const provider: AuthProvider = {
    headers: (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
    unauthorized: async (c) => {
      expect(c.status).toBe(401)
      logins++
      token = 'ok'
      return true
    },
  }
  return { provider, logins: () => logins }
}

describe('HTTP+SSE client authProvider', () => {
  it('SseClientTransport logs in on the 401 to its GET, then authorizes every POST', async () => {
    const { url, seen } = await protectedSse()
    const { provider, logins } = loginOnce()
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'legacy' })
    await client.connect(new SseClientTransport(`${url}/sse`, { authProvider: provider }))
    expect((await client.callTool({ name: 'add', arguments: { a: 2, b: 2 } })).content).toEqual([
      { type: 'text', text: '4' },
    ])
    expect(logins()).toBe(1)
    expect(seen[0]).toBe('GET /sse ')
    expect(seen.slice(1).every((s) => s.endsWith('Bearer ok'))).toBe(true)
    await client.close()
  })

  it('connectWithFallback hands the provider to both transports', async () => {
    const { url, seen } = await protectedSse()
    const { provider, logins } = loginOnce()
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'legacy' })
    const transport = await connectWithFallback(client, `${url}/sse`, { authProvider: provider })
    expect(transport.kind).toBe('sse')
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('add')
    expect(logins()).toBe(1)
    // The Streamable HTTP attempt was authorized too (its POST got the token after the login).
    expect(seen.filter((s) => s.startsWith('POST /sse'))).toEqual(['POST /sse ', 'POST /sse Bearer ok'])
    await client.close()
  })
})
