import { describe, expect, it } from 'vitest'
import { MemoryResultCacheStore, ResultCache } from './result-cache.js'

const V = '2026-07-28'
const list = (ttlMs: unknown, cacheScope: unknown = 'private') => ({
  tools: [],
  resultType: 'complete',
  ttlMs,
  cacheScope,
})

describe('ResultCache', () => {
  it('keeps a result for its ttlMs, capped by maxTtlMs', async () => {
    let now = 0
    const cache = new ResultCache({ now: () => now, maxTtlMs: 1_000 })
    await cache.put('tools/list', V, {}, list(5_000))
    now = 999
    expect(await cache.get('tools/list', V, {})).toEqual(list(5_000))
    now = 1_000
    expect(await cache.get('tools/list', V, {})).toBeUndefined()
  })

  it('keeps nothing without a positive ttlMs and a known cacheScope', async () => {
    const cache = new ResultCache()
    for (const [ttl, scope] of [
      [0, 'private'],
      [-1, 'public'],
      ['60', 'public'],
      [60, 'shared'],
      [undefined, 'public'],
    ]) {
      await cache.put('tools/list', V, {}, list(ttl, scope))
      expect(await cache.get('tools/list', V, {}), `${ttl} ${scope}`).toBeUndefined()
    }
  })

  it('keys by params (in any key order) and by protocol version', async () => {
    const cache = new ResultCache()
    await cache.put('resources/read', V, { uri: 'a', x: { b: 1, a: 2 } }, list(60))
    expect(await cache.get('resources/read', V, { x: { a: 2, b: 1 }, uri: 'a' })).toBeDefined()
    expect(await cache.get('resources/read', V, { uri: 'b' })).toBeUndefined()
    expect(await cache.get('resources/read', '2027-01-01', { uri: 'a', x: { b: 1, a: 2 } })).toBeUndefined()
  })

  it('drops the right entries on each notification', async () => {
    const cache = new ResultCache()
    const methods = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']
    const fill = async () => {
      for (const m of methods) await cache.put(m, V, {}, list(60))
      await cache.put('resources/read', V, { uri: 'a' }, list(60))
      await cache.put('resources/read', V, { uri: 'ab' }, list(60))
    }
    const kept = async () => {
      const out: string[] = []
      for (const m of methods) if (await cache.get(m, V, {})) out.push(m)
      for (const uri of ['a', 'ab']) if (await cache.get('resources/read', V, { uri })) out.push(uri)
      return out
    }
    await fill()
    await cache.drop({ method: 'notifications/tools/list_changed', params: {} })
    expect(await kept()).toEqual(['prompts/list', 'resources/list', 'resources/templates/list', 'a', 'ab'])
    await cache.drop({ method: 'notifications/resources/list_changed', params: {} })
    expect(await kept()).toEqual(['prompts/list', 'a', 'ab'])
    await cache.drop({ method: 'notifications/resources/updated', params: { uri: 'a' } })
    expect(await kept()).toEqual(['prompts/list', 'ab'])
    await cache.drop({ method: 'notifications/message', params: {} })
    expect(await kept()).toEqual(['prompts/list', 'ab'])
  })

  it('shares public results across identities of one server, never private ones, never across servers', async () => {
    const store = new MemoryResultCacheStore()
    const alice = new ResultCache({ store, server: 's', identity: 'alice' })
    const bob = new ResultCache({ store, server: 's', identity: 'bob' })
    const other = new ResultCache({ store, server: 't', identity: 'alice' })
    await alice.put('tools/list', V, {}, list(60, 'private'))
    await alice.put('prompts/list', V, {}, { ...list(60, 'public'), prompts: [] })
    expect(await bob.get('tools/list', V, {})).toBeUndefined()
    expect(await bob.get('prompts/list', V, {})).toBeDefined()
    expect(await other.get('prompts/list', V, {})).toBeUndefined()
    expect(await alice.get('tools/list', V, {})).toBeDefined()
  })

  it('needs server with a store of the caller, and hands out copies', async () => {
    expect(() => new ResultCache({ store: new MemoryResultCacheStore() })).toThrow(
      /cache\.server is required/,
    )
    const cache = new ResultCache()
    const result = { ...list(60), tools: [{ name: 'x' }] }
    await cache.put('tools/list', V, {}, result)
    result.tools.push({ name: 'y' })
    const got = (await cache.get('tools/list', V, {})) as { tools: unknown[] }
    got.tools.length = 0
    expect(((await cache.get('tools/list', V, {})) as { tools: unknown[] }).tools).toEqual([{ name: 'x' }])
  })
})

describe('ResultCache.through', () => {
  it('answers from the cache, refreshes on request, and survives a failing store', async () => {
    let sent = 0
    const send = async () => ({ ...list(60), n: ++sent })
    const cache = new ResultCache()
    const req = { method: 'tools/list', version: V, params: {}, mode: undefined }
    expect(await cache.through(req, send)).toMatchObject({ n: 1 })
    expect(await cache.through(req, send)).toMatchObject({ n: 1 })
    expect(await cache.through({ ...req, mode: 'refresh' }, send)).toMatchObject({ n: 2 })
    expect(await cache.through(req, send)).toMatchObject({ n: 2 })

    const errors: unknown[] = []
    const broken = {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
      delete: () => {},
      deletePrefix: () => Promise.reject(new Error('store down')),
    }
    const failing = new ResultCache({ store: broken, server: 's', onerror: (e) => errors.push(e) })
    expect(await failing.through(req, send)).toMatchObject({ n: 3 })
    failing.invalidate({ method: 'notifications/tools/list_changed', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors.map((e) => (e as Error).message)).toEqual(['store down', 'store down', 'store down'])
  })
})

describe('MemoryResultCacheStore', () => {
  it('drops the least recently used entry past maxEntries', () => {
    const store = new MemoryResultCacheStore({ maxEntries: 2 })
    const e = { result: {}, expiresAt: 1 }
    store.set('a', e)
    store.set('b', e)
    store.get('a')
    store.set('c', e)
    expect([store.get('a'), store.get('b'), store.get('c')].map(Boolean)).toEqual([true, false, true])
    expect(store.size).toBe(2)
    expect(() => new MemoryResultCacheStore({ maxEntries: 0 })).toThrow(/maxEntries/)
  })
})
