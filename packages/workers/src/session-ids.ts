import { createSessionId } from '@edgemcp/core/internal'

const HEX_32 = /^[0-9a-f]{32}$/
const SIGNED = /^([0-9a-f]{32})([0-9a-f]{32})$/

const hex = (bytes: Uint8Array): string => {
  let s = ''
  for (const b of bytes) s += b.toString(16).padStart(2, '0')
  return s
}

/**
 * The ids of legacy sessions, which name their Durable Objects. With a secret (the Worker's MRTR secret,
 * shared by every isolate) an id is 128 random bits followed by a 128-bit HMAC-SHA-256 tag of them: the
 * Worker tells an id it minted from one it did not before any Durable Object is reached, so a request naming
 * an id nobody created touches no storage (and creates no object). Without a secret, ids are 128 random bits
 * and only the session object can tell (it then creates nothing either, see `hasSessionTables`).
 */
export class SessionIds {
  readonly #secret: string | undefined
  #key: Promise<CryptoKey> | undefined

  constructor(secret: string | undefined) {
    this.#secret = secret
  }

  /** A new session id. */
  async mint(): Promise<string> {
    if (this.#secret === undefined) return createSessionId()
    const nonce = createSessionId()
    return `${nonce}${await this.#tag(nonce)}`
  }

  /** Whether `id` may name a session: one this Worker minted (signed), or well-formed (unsigned). */
  async verify(id: string): Promise<boolean> {
    if (this.#secret === undefined) return HEX_32.test(id)
    const m = SIGNED.exec(id)
    if (!m) return false
    return timingSafeEqual(await this.#tag(m[1]!), m[2]!)
  }

  async #tag(nonce: string): Promise<string> {
    this.#key ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(`edgemcp session id\u0000${this.#secret}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    const mac = await crypto.subtle.sign('HMAC', await this.#key, new TextEncoder().encode(nonce))
    return hex(new Uint8Array(mac, 0, 16))
  }
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
