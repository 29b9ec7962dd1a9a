import { isObject } from '@edgemcp/core/internal'
import type { Jwk } from './algorithms.js'
import { AuthError } from './errors.js'

/** A JSON Web Key Set (RFC 7517 §5). */
export interface JsonWebKeySet {
  keys: Jwk[]
}

/** Where a verifier gets its keys. `reload` is asked once when a token names a key that is not there. */
export interface JwksSource {
  keys(): Promise<readonly Jwk[]>
  /** Refetches now if allowed (rate-limited); true when a new key set was loaded. */
  reload?(): Promise<boolean>
}

export interface RemoteJwksOptions {
  /** Used instead of the global `fetch` (tests, or a service binding). */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>
  /** Floor for `Cache-Control: max-age` (and the lifetime under `no-cache`/`no-store`). Default 60 s. */
  minTtlSec?: number
  /** Ceiling for `Cache-Control: max-age`. Default 86 400 s (a day). */
  maxTtlSec?: number
  /** Lifetime when the response says nothing. Default 600 s. */
  defaultTtlSec?: number
  /** At most one refetch for an unknown `kid` (or after a failed fetch) per this many seconds. Default 30 s. */
  cooldownSec?: number
  /** Abort a JWKS fetch after this many ms. Default 5 000. */
  timeoutMs?: number
  /** Larger JWKS bodies are refused, while they stream in (never read whole). Default 256 KiB. */
  maxBytes?: number
  /** Clock in ms, for tests. */
  now?: () => number
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])
const isLoopbackHostname = (hostname: string) => LOOPBACK.has(hostname.toLowerCase())

/**
 * A response body as text, refused as soon as more than `maxBytes` arrived (by `Content-Length` before
 * reading, else while streaming): a huge or endless body is never read whole.
 */
async function readCapped(res: Response, maxBytes: number, url: string): Promise<string> {
  const tooLarge = () => new Error(`JWKS from ${url} is larger than ${maxBytes} bytes`)
  const declared = Number(res.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await res.body?.cancel()
    throw tooLarge()
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** A static key set, e.g. from configuration. */
export function staticJwks(set: JsonWebKeySet): JwksSource {
  const keys = parseKeys(set)
  return { keys: async () => keys }
}

function parseKeys(value: unknown): Jwk[] {
  const keys = (value as { keys?: unknown } | null)?.keys
  if (!Array.isArray(keys)) throw new TypeError('a JWKS must be an object with a "keys" array')
  return keys.filter((k): k is Jwk => isObject(k) && typeof k.kty === 'string')
}

/** Seconds of `max-age` in a Cache-Control header; 0 for no-store/no-cache; undefined when absent. */
export function cacheMaxAge(header: string | null): number | undefined {
  if (!header) return undefined
  const directives = header
    .toLowerCase()
    .split(',')
    .map((d) => d.trim())
  if (directives.some((d) => d === 'no-store' || d === 'no-cache')) return 0
  for (const d of directives) {
    const m = /^max-age\s*=\s*"?(\d+)"?$/.exec(d)
    if (m) return Number(m[1])
  }
  return undefined
}

/**
 * A JWKS fetched from a URL and cached for the lifetime its `Cache-Control: max-age` announces, clamped to
 * [minTtlSec, maxTtlSec]. Concurrent callers share one fetch. When a refresh fails, the previous keys stay in
 * use (an issuer outage must not lock out valid tokens) and the next attempt waits `cooldownSec`; with no
 * keys at all the failure is `AuthError('jwks_unavailable')`.
 */
export class RemoteJwks implements JwksSource {
  #cached: Jwk[] | undefined
  #expiresAt = 0
  #lastAttempt = Number.NEGATIVE_INFINITY
  #inflight: Promise<Jwk[]> | undefined
  #lastError = 'not fetched yet'
  readonly #fetchFn: NonNullable<RemoteJwksOptions['fetch']>
  readonly #now: () => number
  readonly #o: Required<Omit<RemoteJwksOptions, 'fetch' | 'now'>>
  /** How many fetches were started (for monitoring and tests). */
  fetchCount = 0

  constructor(
    readonly url: string,
    options: RemoteJwksOptions = {},
  ) {
    const u = new URL(url)
    // Keys fetched in the clear could be swapped by anyone on the path: https, except on loopback (tests, dev).
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopbackHostname(u.hostname)))
      throw new TypeError(`JWKS URL must be https (http only on loopback): ${url}`)
    this.#fetchFn = options.fetch ?? ((input, init) => fetch(input, init))
    this.#now = options.now ?? Date.now
    this.#o = {
      minTtlSec: options.minTtlSec ?? 60,
      maxTtlSec: options.maxTtlSec ?? 86_400,
      defaultTtlSec: options.defaultTtlSec ?? 600,
      cooldownSec: options.cooldownSec ?? 30,
      timeoutMs: options.timeoutMs ?? 5000,
      maxBytes: options.maxBytes ?? 256 * 1024,
    }
  }

  async keys(): Promise<readonly Jwk[]> {
    if (this.#cached && this.#now() < this.#expiresAt) return this.#cached
    if (!this.#inflight && !this.#mayAttempt()) {
      // the last attempt was moments ago: serve stale keys, or fail without hammering the issuer
      if (this.#cached) return this.#cached
      throw new AuthError('jwks_unavailable', `JWKS unavailable: ${this.#lastError}`)
    }
    try {
      return await this.#load()
    } catch (cause) {
      if (this.#cached) return this.#cached
      throw new AuthError('jwks_unavailable', `JWKS unavailable: ${this.#lastError}`, { cause })
    }
  }

  async reload(): Promise<boolean> {
    if (this.#inflight) {
      await this.#inflight.catch(() => undefined)
      return true
    }
    if (!this.#mayAttempt()) return false
    try {
      await this.#load()
      return true
    } catch {
      return false
    }
  }

  #mayAttempt(): boolean {
    return this.#now() - this.#lastAttempt >= this.#o.cooldownSec * 1000
  }

  #load(): Promise<Jwk[]> {
    this.#inflight ??= this.#fetchKeys()
      .catch((e: unknown) => {
        this.#lastError = e instanceof Error ? e.message : String(e)
        throw e
      })
      .finally(() => {
        this.#inflight = undefined
      })
    return this.#inflight
  }

  async #fetchKeys(): Promise<Jwk[]> {
    this.#lastAttempt = this.#now()
    this.fetchCount++
    const res = await this.#fetchFn(this.url, {
      headers: { accept: 'application/jwk-set+json, application/json' },
      signal: AbortSignal.timeout(this.#o.timeoutMs),
    })
    if (!res.ok) {
      await res.body?.cancel()
      throw new Error(`HTTP ${res.status} from ${this.url}`)
    }
    const text = await readCapped(res, this.#o.maxBytes, this.url)
    const keys = parseKeys(JSON.parse(text))
    const ttl = cacheMaxAge(res.headers.get('cache-control')) ?? this.#o.defaultTtlSec
    const clamped = Math.min(this.#o.maxTtlSec, Math.max(this.#o.minTtlSec, ttl))
    this.#cached = keys
    this.#expiresAt = this.#now() + clamped * 1000
    return keys
  }
}
