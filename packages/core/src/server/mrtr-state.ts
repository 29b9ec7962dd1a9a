import { decodeBase64Url, encodeBase64Url } from '../protocol/base64url.js'
/**
 * Signed MRTR `requestState` (2026-07-28 basic/patterns/mrtr "Server Requirements"): HMAC-SHA256 over a JSON
 * payload that binds the method, a digest of the request's salient params, the principal and an expiry, and
 * carries the input responses gathered in earlier rounds. Web Crypto only.
 */
export interface MrtrPayload {
  v: 1
  /** method */
  m: string
  /** digest of the request's salient params */
  d: string
  /** principal, when the transport authenticated one (left out of the JSON when undefined) */
  p?: string | undefined
  /** expiry, epoch ms */
  e: number
  /** responses gathered so far, by input key */
  r: Record<string, unknown>
  /** keys asked for in the round that produced this state */
  q: string[]
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class MrtrSigner {
  readonly #secret: string | Uint8Array | undefined
  #key: Promise<CryptoKey> | undefined

  /**
   * Without a secret, a random key is made on first use, not here: Workers forbid random values at global
   * scope, where a module-level `new McpServer(...)` runs.
   */
  constructor(secret?: string | Uint8Array) {
    this.#secret = secret
  }

  #cryptoKey(): Promise<CryptoKey> {
    this.#key ??= crypto.subtle.importKey(
      'raw',
      rawKey(this.#secret) as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    return this.#key
  }

  async sign(payload: MrtrPayload): Promise<string> {
    const body = encoder.encode(JSON.stringify(payload))
    const sig = new Uint8Array(await crypto.subtle.sign('HMAC', await this.#cryptoKey(), body))
    return `${encodeBase64Url(body)}.${encodeBase64Url(sig)}`
  }

  /** The payload, or undefined when the state is malformed, tampered with or expired. */
  async verify(state: string, now = Date.now()): Promise<MrtrPayload | undefined> {
    const dot = state.indexOf('.')
    if (dot <= 0 || state.length > 1_000_000) return undefined
    const body = decodeBase64Url(state.slice(0, dot))
    const sig = decodeBase64Url(state.slice(dot + 1))
    if (!body || !sig) return undefined
    const ok = await crypto.subtle.verify(
      'HMAC',
      await this.#cryptoKey(),
      sig as Uint8Array<ArrayBuffer>,
      body as Uint8Array<ArrayBuffer>,
    )
    if (!ok) return undefined
    try {
      const payload = JSON.parse(decoder.decode(body)) as MrtrPayload
      if (payload.v !== 1 || typeof payload.e !== 'number' || payload.e < now) return undefined
      return payload
    } catch {
      return undefined
    }
  }
}

const rawKey = (secret: string | Uint8Array | undefined): Uint8Array =>
  secret === undefined
    ? crypto.getRandomValues(new Uint8Array(32))
    : typeof secret === 'string'
      ? encoder.encode(secret)
      : secret

/** SHA-256 of a canonical JSON rendering, base64url: binds state to the request it was issued for. */
export async function digestParams(value: unknown): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJson(value)))
  return encodeBase64Url(new Uint8Array(hash))
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)) // keys of one object are never equal
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
