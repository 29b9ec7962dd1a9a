import { describe, expect, it } from 'vitest'
import { createMcpFetchHandler, type McpFetch } from '../src/index.js'
import { appClient, BASE } from './app-client.js'
import { makeServer, slowCall, sseEvents } from './helpers.js'

const REV = '2025-11-25'

/** `appClient` over a fetch handler (it only calls `request(url, init)`). */
const clientOf = (fetch: McpFetch, env?: unknown, ctx?: { waitUntil(p: Promise<unknown>): void }) =>
  appClient({ request: (url, init) => fetch(new Request(new URL(url, BASE), init), env, ctx) })

describe('createMcpFetchHandler: the endpoint without Hono', () => {
  it('serves both eras like the Hono app: modern calls, legacy sessions, GET stream, DELETE', async () => {
    const mcp = createMcpFetchHandler(makeServer())
    const client = clientOf(mcp)
    const modern = await client.modern('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })
    expect(modern.status).toBe(200)
    expect(((await modern.json()) as { result: { content: unknown } }).result.content).toEqual([
      { type: 'text', text: '5' },
    ])
    const { headers, sessionId } = await client.initialize(REV)
    expect(await mcp.sessions.get(sessionId)).toBeDefined()
    const streamed = await client.post(slowCall(3, 2), headers)
    expect(streamed.headers.get('content-type')).toBe('text/event-stream')
    const events = await sseEvents(streamed).rest()
    expect(events.map((m) => m.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'result',
    ])
    const standalone = sseEvents(await client.get(headers))
    await standalone.next() // the priming event
    await standalone.cancel()
    expect((await client.del(headers)).status).toBe(200)
    expect((await client.post({ jsonrpc: '2.0', id: 9, method: 'ping' }, headers)).status).toBe(404)
    expect((await client.del({})).status).toBe(405)
  })

  it('hooks get the request context: c.req.raw, c.req.header(), c.env, c.executionCtx', async () => {
    const held: Array<Promise<unknown>> = []
    const seen: unknown[] = []
    const env = { NAME: 'env-value' }
    const mcp = createMcpFetchHandler(makeServer(), {
      sessionId: (c) => c.req.header('x-minted'),
      authenticate: (c) => {
        seen.push(c.env, c.req.raw.method)
        return { principal: c.req.header('x-user') ?? 'anon' }
      },
    })
    const client = clientOf(mcp, env, { waitUntil: (p) => held.push(p) })
    const minted = 'cd'.repeat(16)
    const init = await client.post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { 'X-Minted': minted, 'X-User': 'alice' },
    )
    expect(init.headers.get('mcp-session-id')).toBe(minted)
    expect(seen).toEqual([env, 'POST'])
    expect((await mcp.sessions.get(minted))?.principal).toBe('alice')
    // The default waitUntil is the execution context's: a GET stream is handed over until it ends.
    const stream = sseEvents(
      await client.get({ 'Mcp-Session-Id': minted, 'MCP-Protocol-Version': REV, 'X-User': 'alice' }),
    )
    await stream.next()
    expect(held).toHaveLength(1)
    await stream.cancel()
  })

  it('a hook that throws is answered with 500, as a Hono app would', async () => {
    const errors: unknown[] = []
    const log = console.error
    console.error = (e: unknown) => errors.push(e)
    try {
      const mcp = createMcpFetchHandler(makeServer(), {
        authenticate: () => {
          throw new Error('auth backend down')
        },
      })
      const res = await clientOf(mcp).modern('tools/list')
      expect(res.status).toBe(500)
      expect(await res.text()).toBe('Internal Server Error')
      expect(errors).toEqual([new Error('auth backend down')])
    } finally {
      console.error = log
    }
  })
})
