import { McpLocalError } from '../errors/local-error.js'
import { isObject } from '../protocol/json.js'
import type { CacheMode, ClientResultCache, JsonObject } from './types.js'

/**
 * Client-side caching of cacheable results (2026-07-28 server/utilities/caching, SEP-2549): a result that
 * carries `ttlMs` and `cacheScope` may be reused until it expires. `private` results are kept per
 * authorization context (the cache's `identity`), `public` ones may be shared by every client of the server.
 */

/** One cached result and when it stops being fresh (milliseconds on the cache's clock). */
export interface CachedResult {
  result: JsonObject
  expiresAt: number
}

/**
 * Where cached results live. Keys are opaque strings that start with `server` and the method, so that a
 * list change can drop every entry of one method with `deletePrefix`. Methods may return promises (a
 * store on Workers KV, Redis, …); the client awaits them.
 */
export interface ResultCacheStore {
  get(key: string): CachedResult | undefined | Promise<CachedResult | undefined>
  set(key: string, entry: CachedResult): void | Promise<void>
  delete(key: string): void | Promise<void>
  deletePrefix(prefix: string): void | Promise<void>
}

/** The client's `cache` option. */
export interface ResultCacheOptions {
  /**
   * Where results are kept. Default: a `MemoryResultCacheStore` of this client alone. A store shared by several
   * clients needs `server`, and `identity` for each authorization context.
   */
  store?: ResultCacheStore
  /** Names the server in every key: required with a shared store. Default: a random id of this client. */
  server?: string
  /**
   * The authorization context that `private` results belong to (for example the user or the token's
   * subject). Default: a random id of this client, so private results are never shared.
   */
  identity?: string
  /** Upper bound on any server's `ttlMs`. Default 1 hour. */
  maxTtlMs?: number
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number
  /**
   * Where a failing store's errors go. A store that fails costs the cache, never the request: the request
   * goes to the server. Default: none (the error is dropped).
   */
  onerror?: (error: unknown) => void
}

/** The methods whose 2026-07-28 results are cacheable and that the client caches (discover is not). */
const CACHED_METHODS: ReadonlySet<string> = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
])

/** Which list each list-changed notification invalidates. */
const INVALIDATES: Readonly<Record<string, readonly string[]>> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
}

/** An in-memory store: at most `maxEntries` results, the least recently used dropped first. */
export class MemoryResultCacheStore implements ResultCacheStore {
  readonly #entries = new Map<string, CachedResult>()
  readonly #maxEntries: number

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 256
    if (!(this.#maxEntries >= 1)) throw new McpLocalError('misuse', 'maxEntries must be at least 1')
  }

  get(key: string): CachedResult | undefined {
    const entry = this.#entries.get(key)
    if (entry) {
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  set(key: string, entry: CachedResult): void {
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break
      this.#entries.delete(oldest)
    }
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  deletePrefix(prefix: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key)
  }

  /** How many results are kept now. */
  get size(): number {
    return this.#entries.size
  }
}

/** JSON with sorted keys, so that equal params make equal keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

const randomId = (): string => crypto.randomUUID()

/**
 * The result cache of one client (the `cache` option of `McpClient`): keys, freshness, scopes and
 * invalidation.
 *
 * @example
 * import { resultCache } from '@edgemcp/core/cache'
 * const client = new McpClient({ name: 'my-app', version: '1.0.0' }, { cache: resultCache() })
 */
export function resultCache(options: ResultCacheOptions = {}): ClientResultCache {
  return new ResultCache(options)
}

export class ResultCache implements ClientResultCache {
  readonly #store: ResultCacheStore
  readonly #server: string
  readonly #identity: string
  readonly #maxTtlMs: number
  readonly #now: () => number
  readonly #onerror: (error: unknown) => void

  constructor(options: ResultCacheOptions = {}) {
    if (options.store && options.server === undefined)
      throw new McpLocalError('misuse', 'cache.server is required with a cache.store of your own')
    this.#store = options.store ?? new MemoryResultCacheStore()
    this.#server = options.server ?? randomId()
    this.#identity = options.identity ?? randomId()
    this.#maxTtlMs = options.maxTtlMs ?? 3_600_000
    this.#now = options.now ?? Date.now
    this.#onerror = options.onerror ?? (() => {})
  }

  /** Reports a store's failure and answers nothing (so a failed read is a miss). */
  readonly #failed = (error: unknown): undefined => {
    this.#onerror(error)
  }

  async through(
    request: { method: string; version: string; params: JsonObject; mode: CacheMode | undefined },
    send: () => Promise<JsonObject>,
  ): Promise<JsonObject> {
    const { method, version, params, mode } = request
    if (mode !== 'refresh') {
      const hit = await this.get(method, version, params).catch(this.#failed)
      if (hit) return hit
    }
    const result = await send()
    await this.put(method, version, params, result).catch(this.#failed)
    return result
  }

  caches(method: string): boolean {
    return CACHED_METHODS.has(method)
  }

  // `\n` cannot occur in a JSON text outside strings, nor in a method name: it separates the key's fields.
  #prefix(method: string): string {
    return `${JSON.stringify(this.#server)}\n${method}\n`
  }

  #key(method: string, version: string, scope: 'public' | 'private', params: JsonObject): string {
    const who = scope === 'private' ? JSON.stringify(this.#identity) : ''
    return `${this.#prefix(method)}${canonical(params)}\n${JSON.stringify(version)}\n${scope}\n${who}`
  }

  /** A fresh cached result of `method` with these params, private first; a copy the caller may change. */
  async get(method: string, version: string, params: JsonObject): Promise<JsonObject | undefined> {
    for (const scope of ['private', 'public'] as const) {
      const key = this.#key(method, version, scope, params)
      const entry = await this.#store.get(key)
      if (!entry) continue
      if (entry.expiresAt > this.#now()) return structuredClone(entry.result)
      await this.#store.delete(key)
    }
    return undefined
  }

  /** Keeps `result` when it says it may be cached (a positive `ttlMs` and a known `cacheScope`). */
  async put(method: string, version: string, params: JsonObject, result: JsonObject): Promise<void> {
    const { ttlMs, cacheScope } = result
    if (typeof ttlMs !== 'number' || !(ttlMs > 0)) return
    if (cacheScope !== 'public' && cacheScope !== 'private') return
    const expiresAt = this.#now() + Math.min(ttlMs, this.#maxTtlMs)
    await this.#store.set(this.#key(method, version, cacheScope, params), {
      result: structuredClone(result),
      expiresAt,
    })
  }

  /** Drops what a server notification says has changed: a list, or one resource's read result. */
  invalidate(notification: { method: string; params: JsonObject }): void {
    this.drop(notification).catch(this.#failed)
  }

  /** `invalidate`, awaitable, and failing when the store fails. */
  async drop(notification: { method: string; params: JsonObject }): Promise<void> {
    for (const method of INVALIDATES[notification.method] ?? [])
      await this.#store.deletePrefix(this.#prefix(method))
    if (notification.method === 'notifications/resources/updated') {
      const uri = notification.params.uri
      if (typeof uri !== 'string') return
      // Every version and scope of that one read; other resources stay.
      await this.#store.deletePrefix(`${this.#prefix('resources/read')}${canonical({ uri })}\n`)
    }
  }

  /** Drops everything this client's server has in the store. */
  clear(): void | Promise<void> {
    return this.#store.deletePrefix(`${JSON.stringify(this.#server)}\n`)
  }
}
