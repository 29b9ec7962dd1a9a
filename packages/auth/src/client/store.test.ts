import { describe, expect, it } from 'vitest'
import { isTokenRecord, type KvNamespaceLike, kvOAuthStore, MemoryOAuthStore, readRecord } from './store.js'

describe('stores', () => {
  it('kvOAuthStore prefixes keys on a KV namespace', async () => {
    const data = new Map<string, string>()
    const kv: KvNamespaceLike = {
      get: async (k) => data.get(k) ?? null,
      put: async (k, v) => void data.set(k, v),
      delete: async (k) => void data.delete(k),
    }
    const store = kvOAuthStore(kv, 'user:7:')
    await store.set('oauth:tokens:x', '{}')
    expect([...data.keys()]).toEqual(['user:7:oauth:tokens:x'])
    expect(await store.get('oauth:tokens:x')).toBe('{}')
    expect(await store.get('missing')).toBeUndefined()
    await store.delete('oauth:tokens:x')
    expect(data.size).toBe(0)
  })

  it('readRecord ignores missing, corrupt and foreign values', async () => {
    const store = new MemoryOAuthStore()
    expect(await readRecord(store, 'k', isTokenRecord)).toBeUndefined()
    for (const junk of ['{', '[]', 'null', '"x"', '{"access_token":1}']) {
      store.set('k', junk)
      expect(await readRecord(store, 'k', isTokenRecord), junk).toBeUndefined()
    }
    store.set('k', JSON.stringify({ issuer: 'i', resource: 'r', access_token: 'a', token_type: 'bearer' }))
    expect(await readRecord(store, 'k', isTokenRecord)).toMatchObject({ access_token: 'a' })
  })
})
