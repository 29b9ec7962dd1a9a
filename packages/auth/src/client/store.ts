/**
 * Where an OAuth provider keeps what it obtained: client registrations (per authorization server `issuer`) and
 * tokens (per MCP server `resource`). Values are JSON strings, so any key-value store fits: memory (default),
 * a file for CLIs (`@edgemcp/auth/file-store`), Workers KV (`kvOAuthStore`), a Durable Object's storage.
 * Tokens and client secrets are credentials: keep the store private.
 */
export interface OAuthStore {
  get(key: string): Promise<string | undefined> | string | undefined
  set(key: string, value: string): Promise<void> | void
  delete(key: string): Promise<void> | void
}

/** The default store: a Map that lives as long as the provider. */
export class MemoryOAuthStore implements OAuthStore {
  readonly #values = new Map<string, string>()
  get(key: string): string | undefined {
    return this.#values.get(key)
  }
  set(key: string, value: string): void {
    this.#values.set(key, value)
  }
  delete(key: string): void {
    this.#values.delete(key)
  }
}

/** How a client id was obtained. */
export type ClientSource = 'pre-registered' | 'metadata-document' | 'dynamic-registration'

/** A client identity at one authorization server (client ids are per issuer: RFC 6749 §2.2, SEP-2352). */
export interface ClientRecord {
  issuer: string
  source: ClientSource
  client_id: string
  client_secret?: string
  /** `client_secret_basic`, `client_secret_post`, `none`, `private_key_jwt`. */
  token_endpoint_auth_method: string
  /** Seconds since the epoch; 0 or absent: the secret does not expire. */
  client_secret_expires_at?: number
  redirect_uris?: string[]
}

/** Tokens for one MCP server, with the authorization server that issued them. */
export interface TokenRecord {
  issuer: string
  resource: string
  /** The client that obtained them (refresh needs the same one). */
  client_id?: string
  access_token: string
  /** `bearer` or `dpop` (lower case). */
  token_type: string
  /** Milliseconds since the epoch. */
  expires_at?: number
  refresh_token?: string
  /** What the authorization server granted (its `scope`), else what was asked. */
  scope?: string
  /** What the client asked for, so a step-up asks for the union (MCP 2026-07-28 "Step-Up Authorization Flow"). */
  requested_scope?: string
}

export const clientKey = (issuer: string) => `oauth:client:${issuer}`
export const tokenKey = (resource: string) => `oauth:tokens:${resource}`

/** Reads a JSON record; a missing, corrupt or foreign value reads as undefined (and is then overwritten). */
export async function readRecord<T extends object>(
  store: OAuthStore,
  key: string,
  valid: (value: Record<string, unknown>) => boolean,
): Promise<T | undefined> {
  const text = await store.get(key)
  if (typeof text !== 'string') return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && valid(value as Record<string, unknown>)
      ? (value as T)
      : undefined
  } catch {
    return undefined
  }
}

export const isClientRecord = (v: Record<string, unknown>) =>
  typeof v.issuer === 'string' &&
  typeof v.client_id === 'string' &&
  typeof v.token_endpoint_auth_method === 'string'
export const isTokenRecord = (v: Record<string, unknown>) =>
  typeof v.issuer === 'string' && typeof v.resource === 'string' && typeof v.access_token === 'string'

/** The part of a Workers KV namespace the KV store uses. */
export interface KvNamespaceLike {
  get(key: string): Promise<string | null>
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>
  delete(key: string): Promise<void>
}

/**
 * An {@link OAuthStore} on Workers KV, for a Worker that calls protected MCP servers. Keys are prefixed (one
 * namespace can hold several users' stores: give each its own prefix, e.g. the user id). KV is eventually
 * consistent across locations: a refresh in one location may not be seen at once in another.
 *
 * @example
 * const auth = createOAuthProvider({ serverUrl, store: kvOAuthStore(env.OAUTH_KV, `user:${userId}:`), ... })
 */
export function kvOAuthStore(kv: KvNamespaceLike, prefix = ''): OAuthStore {
  return {
    get: async (key) => (await kv.get(prefix + key)) ?? undefined,
    set: (key, value) => kv.put(prefix + key, value),
    delete: (key) => kv.delete(prefix + key),
  }
}
