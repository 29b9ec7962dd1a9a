import type { CachedResult, ResultCacheStore } from './result-cache.js'

/** The part of a Workers KV namespace the store uses (`KVNamespace` of @cloudflare/workers-types fits). */
export interface KvLike {
  get(key: string, type: 'json'): Promise<unknown>
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>
  delete(key: string): Promise<void>
  list(options: { prefix: string; cursor?: string }): Promise<{
    keys: Array<{ name: string }>
    list_complete: boolean
    cursor?: string
  }>
}

export interface KvResultCacheStoreOptions {
  /** Put in front of every key, so one namespace can hold other data too. Default `mcp-cache:`. */
  prefix?: string
}

// KV keys are at most 512 bytes, and a cache key holds a server name, request params and an identity of
// any length. Each of its `\n`-separated fields is replaced by its SHA-256, field by field, so a prefix of
// fields (what the client deletes on a list change) is still a prefix of the stored key.
async function digest(field: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(field)))
  let hex = ''
  for (const b of bytes) hex += b.toString(16).padStart(2, '0')
  return hex
}

async function kvKey(prefix: string, key: string): Promise<string> {
  const fields = key.split('\n')
  const last = fields.pop() ?? ''
  const hashed = await Promise.all(fields.map(digest))
  // A key prefix ends with `\n`: its last field is empty and stays empty.
  return `${prefix}${[...hashed, last === '' ? '' : await digest(last)].join('/')}`
}

/**
 * A `ResultCacheStore` (the `store` option of `resultCache()`) in Workers KV: cached 2026-07-28 results shared
 * by every isolate of a Worker that calls MCP servers. KV is eventually consistent: another location
 * may serve an entry up to about 60 s after a list change deleted it, and KV keeps nothing for less than
 * 60 s (freshness is still `ttlMs`, checked on read).
 */
export class KvResultCacheStore implements ResultCacheStore {
  readonly #kv: KvLike
  readonly #prefix: string

  constructor(kv: KvLike, options: KvResultCacheStoreOptions = {}) {
    this.#kv = kv
    this.#prefix = options.prefix ?? 'mcp-cache:'
  }

  async get(key: string): Promise<CachedResult | undefined> {
    const value = await this.#kv.get(await kvKey(this.#prefix, key), 'json')
    if (typeof value !== 'object' || value === null) return undefined
    const { result, expiresAt } = value as Partial<CachedResult>
    if (typeof expiresAt !== 'number' || typeof result !== 'object' || result === null) return undefined
    return { result, expiresAt }
  }

  async set(key: string, entry: CachedResult): Promise<void> {
    const ttlSeconds = Math.ceil((entry.expiresAt - Date.now()) / 1000)
    await this.#kv.put(await kvKey(this.#prefix, key), JSON.stringify(entry), {
      expirationTtl: Math.max(60, ttlSeconds),
    })
  }

  async delete(key: string): Promise<void> {
    await this.#kv.delete(await kvKey(this.#prefix, key))
  }

  async deletePrefix(prefix: string): Promise<void> {
    const start = await kvKey(this.#prefix, prefix)
    let cursor: string | undefined
    do {
      const page = await this.#kv.list(cursor === undefined ? { prefix: start } : { prefix: start, cursor })
      await Promise.all(page.keys.map((k) => this.#kv.delete(k.name)))
      cursor = page.list_complete ? undefined : page.cursor
    } while (cursor !== undefined)
  }
}
