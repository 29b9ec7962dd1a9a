import { McpClient, McpServer } from '@edgemcp/core'
import { MemoryResultCacheStore, type ResultCacheOptions, resultCache } from '@edgemcp/core/cache'
import { eventually } from '@edgemcp/test-helpers'
import { afterEach, describe, expect, it } from 'vitest'
import { StreamableHttpClientTransport } from '../../src/client/transport.js'
import { createMcpHandler } from '../../src/handler.js'
import { type RunningServer, serve } from '../../src/node.js'

// SEP-2549 (2026-07-28 server/utilities/caching) from the client's side, over real HTTP: what the server
// counts is what the client sent.
const running: RunningServer[] = []
const clients: McpClient[] = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await Promise.all(running.splice(0).map((r) => r.close()))
})

function makeServer(cache?: { ttlMs?: number; cacheScope?: 'public' | 'private' }) {
  const server = new McpServer({ name: 'cached', version: '1.0.0' }, cache ? { cache } : {})
  server.tool('one', { inputSchema: { type: 'object' } }, () => ({ content: [] }))
  server.resource('mem://a', { name: 'a' }, () => ({ contents: [{ uri: 'mem://a', text: 'A' }] }))
  server.resource('mem://b', { name: 'b' }, () => ({ contents: [{ uri: 'mem://b', text: 'B' }] }))
  return server
}

/** Serves `server` and counts the requests it receives, by JSON-RPC method. */
async function start(server: McpServer) {
  const handler = createMcpHandler(server)
  const seen: string[] = []
  const r = await serve({
    fetch: async (request: Request, env?: unknown) => {
      if (request.method === 'POST') {
        const body = (await request.clone().json()) as { method?: string; params?: { uri?: string } }
        if (body.method) seen.push(body.params?.uri ? `${body.method} ${body.params.uri}` : body.method)
      }
      return (handler.fetch as (r: Request, e?: unknown) => Response | Promise<Response>)(request, env)
    },
  })
  running.push(r)
  const count = (method: string) => seen.filter((m) => m === method).length
  return { url: `${r.url}/`, count }
}

async function connect(
  url: string,
  options: { protocol?: 'auto' | '2025-11-25'; cache?: ResultCacheOptions | false } = {},
) {
  const client = new McpClient(
    { name: 'c', version: '1' },
    {
      ...(options.protocol ? { protocol: options.protocol } : {}),
      ...(options.cache !== false ? { cache: resultCache(options.cache) } : {}),
    },
  )
  await client.connect(new StreamableHttpClientTransport(new URL(url)))
  clients.push(client)
  return client
}

describe('McpClient result cache (2026-07-28)', () => {
  it('serves a second tools/list within ttlMs from the cache, and asks again once it expired', async () => {
    const { url, count } = await start(makeServer({ ttlMs: 30_000 }))
    let now = 1_000_000
    const client = await connect(url, { cache: { now: () => now } })
    expect(client.era).toBe('modern')
    const first = await client.listTools()
    expect(first.ttlMs).toBe(30_000)
    const second = await client.listTools()
    expect(second).toEqual(first)
    expect(count('tools/list')).toBe(1)
    now += 29_999
    await client.listTools()
    expect(count('tools/list')).toBe(1)
    now += 2
    await client.listTools()
    expect(count('tools/list')).toBe(2)
  })

  it('asks again after notifications/tools/list_changed, and sees the new tool', async () => {
    const server = makeServer({ ttlMs: 600_000 })
    const { url, count } = await start(server)
    const client = await connect(url)
    const listening = client.listen({ toolsListChanged: true })
    await listening.acknowledged
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['one'])
    await client.listTools()
    expect(count('tools/list')).toBe(1)
    const changed = new Promise<void>((resolve) =>
      client.onNotification('notifications/tools/list_changed', () => resolve()),
    )
    server.tool('two', { inputSchema: { type: 'object' } }, () => ({ content: [] }))
    await changed
    await eventually(async () => {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['one', 'two'])
    })
    expect(count('tools/list')).toBe(2)
    await listening.close()
  })

  it('drops one resource read on notifications/resources/updated, and keeps the others', async () => {
    const server = makeServer({ ttlMs: 600_000 })
    const { url, count } = await start(server)
    const client = await connect(url)
    const listening = client.listen({ resourceSubscriptions: ['mem://a'] })
    await listening.acknowledged
    await client.readResource({ uri: 'mem://a' })
    await client.readResource({ uri: 'mem://b' })
    await client.readResource({ uri: 'mem://a' })
    expect([count('resources/read mem://a'), count('resources/read mem://b')]).toEqual([1, 1])
    const updated = new Promise<void>((resolve) =>
      client.onNotification('notifications/resources/updated', () => resolve()),
    )
    void server.notifyResourceUpdated('mem://a')
    await updated
    await eventually(async () => {
      await client.readResource({ uri: 'mem://a' })
      expect(count('resources/read mem://a')).toBe(2)
    })
    await client.readResource({ uri: 'mem://b' })
    expect(count('resources/read mem://b')).toBe(1)
    await listening.close()
  })

  it('keeps private results to one identity and shares public ones through a shared store', async () => {
    for (const [scope, shared] of [
      ['private', false],
      ['public', true],
    ] as const) {
      const { url, count } = await start(makeServer({ ttlMs: 60_000, cacheScope: scope }))
      const store = new MemoryResultCacheStore()
      const alice = await connect(url, { cache: { store, server: url, identity: 'alice' } })
      const bob = await connect(url, { cache: { store, server: url, identity: 'bob' } })
      await alice.listTools()
      await alice.listTools()
      expect(count('tools/list')).toBe(1)
      await bob.listTools()
      expect(count('tools/list'), scope).toBe(shared ? 1 : 2)
    }
  })

  it('bypasses or refreshes per request, and caches nothing without the cache option', async () => {
    const { url, count } = await start(makeServer())
    const client = await connect(url)
    await client.listTools()
    await client.listTools({ cache: 'bypass' })
    expect(count('tools/list')).toBe(2)
    await client.listTools({ cache: 'refresh' })
    await client.listTools()
    expect(count('tools/list')).toBe(3)
    const off = await connect(url, { cache: false })
    await off.listTools()
    await off.listTools()
    expect(count('tools/list')).toBe(5)
  })

  it('caches nothing of a legacy session: its results carry no ttlMs', async () => {
    const { url, count } = await start(makeServer())
    const client = await connect(url, { protocol: '2025-11-25' })
    expect(client.era).toBe('legacy')
    const list = await client.listTools()
    expect(list.ttlMs).toBeUndefined()
    await client.listTools()
    expect(count('tools/list')).toBe(2)
  })

  it('a result the caller changes does not change the cache', async () => {
    const { url } = await start(makeServer())
    const client = await connect(url)
    const first = await client.listTools()
    first.tools.length = 0
    expect((await client.listTools()).tools).toHaveLength(1)
  })
})
