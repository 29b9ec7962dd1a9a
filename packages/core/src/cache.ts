// @edgemcp/core/cache: client-side caching of cacheable 2026-07-28 results (SEP-2549). A subpath of its own, so
// a client that caches nothing does not carry it (about 0.9 KiB gzipped).
export { MemoryResultCacheStore, ResultCache, resultCache } from './client/result-cache.js'
export type { CachedResult, ResultCacheOptions, ResultCacheStore } from './client/result-cache.js'
export type { CacheMode, ClientResultCache } from './client/types.js'
export { KvResultCacheStore } from './client/kv-result-cache.js'
export type { KvLike, KvResultCacheStoreOptions } from './client/kv-result-cache.js'
