import * as oauth from 'oauth4webapi'

/** Whether to bind tokens to a key with DPoP (RFC 9449). */
export type DpopMode = boolean | 'auto'

/** DPoP proofs need an asymmetric algorithm the authorization server accepts; ES256 is the MCP default. */
const ALG = 'ES256'

/**
 * A DPoP key and oauth4webapi's proof builder and nonce cache. Token requests pass `handle` to the library; MCP
 * requests get their `DPoP` and `Authorization: DPoP …` headers from `headers`.
 */
export class DpopKey {
  private constructor(readonly handle: oauth.DPoPHandle) {}

  static async create(client: oauth.Client, keyPair?: CryptoKeyPair): Promise<DpopKey> {
    const keys = keyPair ?? (await oauth.generateKeyPair(ALG))
    return new DpopKey(oauth.DPoP(client, keys))
  }

  /** Whether `as` takes our proofs (it advertises the algorithm: RFC 9449 §5.1). */
  static supportedBy(as: oauth.AuthorizationServer): boolean {
    return as.dpop_signing_alg_values_supported?.includes(ALG) === true
  }

  /**
   * The headers of one MCP request with a DPoP-bound token: a fresh proof (its own `jti`, the request's method
   * and URL, `ath` of the token, the server's latest nonce). oauth4webapi builds proofs only inside its request
   * functions, so the request is "sent" to a fetch that just captures its headers.
   */
  async headers(accessToken: string, method: string, url: string): Promise<Record<string, string>> {
    let captured: Record<string, string> = {}
    await oauth.protectedResourceRequest(accessToken, method, new URL(url), new Headers(), undefined, {
      DPoP: this.handle,
      [oauth.allowInsecureRequests]: true,
      [oauth.customFetch]: async (_url, init) => {
        captured = { ...(init.headers as Record<string, string>) }
        return new Response(null, { status: 204 })
      },
    })
    return { Authorization: captured.authorization ?? `DPoP ${accessToken}`, DPoP: captured.dpop ?? '' }
  }

  /**
   * Remembers the `DPoP-Nonce` of a resource server's answer (RFC 9449 §9) for the next proofs to its origin.
   * The library caches nonces from the answers it sees, so the answer is replayed through it.
   */
  async learnNonce(url: string, status: number, headers: Headers): Promise<void> {
    await oauth
      .protectedResourceRequest('nonce', 'GET', new URL(url), new Headers(), undefined, {
        DPoP: this.handle,
        [oauth.allowInsecureRequests]: true,
        [oauth.customFetch]: async () => new Response(null, { status, headers }),
      })
      .catch(() => {}) // the replayed challenge is "thrown" back at us; the nonce is cached by then
  }
}
