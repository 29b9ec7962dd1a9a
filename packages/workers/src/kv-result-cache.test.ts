import { KvResultCacheStore, MemoryResultCacheStore, resultCache } from '@edgemcp/core/cache'
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { connect } from '../test/helpers.js'

const kv = (env as unknown as { CACHE_KV: KVNamespace }).CACHE_KV

describe('KvResultCacheStore (Workers KV in workerd)', () => {
  it('keeps, reads and deletes entries, by key and by field prefix, with keys KV accepts', async () => {
    const store = new KvResultCacheStore(kv, { prefix: 'unit:' })
    const entry = { result: { tools: [] }, expiresAt: Date.now() + 60_000 }
    const long = 'x'.repeat(2_000) // a server name or params far beyond KV's 512-byte keys
    await store.set(`${long}\ntools/list\n{}\n"v"\nprivate\n"alice"`, entry)
    await store.set(`${long}\nresources/read\n{"uri":"a"}\n"v"\npublic\n`, entry)
    await store.set(`${long}\nresources/read\n{"uri":"b"}\n"v"\npublic\n`, entry)
    expect(await store.get(`${long}\ntools/list\n{}\n"v"\nprivate\n"alice"`)).toEqual(entry)
    expect(await store.get(`${long}\ntools/list\n{}\n"v"\nprivate\n"bob"`)).toBeUndefined()
    await store.deletePrefix(`${long}\nresources/read\n{"uri":"a"}\n`)
    expect(await store.get(`${long}\nresources/read\n{"uri":"a"}\n"v"\npublic\n`)).toBeUndefined()
    expect(await store.get(`${long}\nresources/read\n{"uri":"b"}\n"v"\npublic\n`)).toEqual(entry)
    await store.deletePrefix(`${long}\n`)
    expect((await kv.list({ prefix: 'unit:' })).keys).toEqual([])
  })

  it('lets two clients of the fixture Worker share a public tools/list through KV', async () => {
    const store = new KvResultCacheStore(kv, { prefix: 'shared:' })
    const cache = { store, server: 'http://worker.test/mcp' }
    const a = await connect('modern', { cache: resultCache({ ...cache, identity: 'a' }) })
    const first = await a.client.listTools()
    expect(first.cacheScope).toBe('public')
    expect((await kv.list({ prefix: 'shared:' })).keys).toHaveLength(1)
    // b never asks the server: its only tools/list answer comes from KV.
    const sent: string[] = []
    const b = await connect('modern', { cache: resultCache({ ...cache, identity: 'b' }) })
    b.client.onNotification('*', () => {})
    const original = b.transport.send.bind(b.transport)
    b.transport.send = (message, options) => {
      if ('method' in message) sent.push(message.method)
      return original(message, options)
    }
    expect(await b.client.listTools()).toEqual(first)
    expect(sent).toEqual([])
    // A private cache of its own asks the server.
    const c = await connect('modern', {
      cache: resultCache({ store: new MemoryResultCacheStore(), server: 'x' }),
    })
    expect((await c.client.listTools()).tools).toEqual(first.tools)
    await Promise.all([a.client.close(), b.client.close(), c.client.close()])
  })
})
