import type { AuthProvider } from '@edgemcp/core'

/** The fetch signature client transports call. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>

const REFUSED = new Set([401, 403])
/** Retries of one request: enough for a login, then a step-up or a DPoP nonce; never a loop. */
const MAX_RETRIES = 2

/**
 * `fetch` with an {@link AuthProvider}: every request carries the provider's headers; a 401 or 403 goes to
 * `provider.unauthorized` and, when it resolves `true`, the request is sent again with fresh headers — at most
 * twice (a login, then a step-up to more scopes or a DPoP nonce). A refusal the provider declines, or the last
 * one, is returned as it is, so it reaches the transport (and the caller) as an HTTP error with its challenge.
 * Used by the Streamable HTTP and HTTP+SSE client transports; usable on its own.
 *
 * @example
 * const fetchWithAuth = authorizedFetch(provider)
 * const res = await fetchWithAuth('https://mcp.example.com/mcp', { method: 'POST', body })
 */
export function authorizedFetch(
  provider: AuthProvider,
  fetchImpl: FetchLike = (i, o) => fetch(i, o),
): FetchLike {
  const send = async (url: string, init: RequestInit, method: string) => {
    const headers = new Headers(init.headers)
    const sentHeaders = await provider.headers({ url, method })
    for (const [name, value] of Object.entries(sentHeaders)) headers.set(name, value)
    return { response: await fetchImpl(url, { ...init, headers }), sentHeaders }
  }
  return async (input, init = {}) => {
    const url = String(input)
    const method = (init.method ?? 'GET').toUpperCase()
    let sent = await send(url, init, method)
    for (let retries = 0; retries < MAX_RETRIES && REFUSED.has(sent.response.status); retries++) {
      const { response, sentHeaders } = sent
      const cancel = () => response.body?.cancel().catch(() => {})
      let retry: boolean
      try {
        retry = await provider.unauthorized({
          url,
          method,
          status: response.status,
          headers: response.headers,
          sentHeaders,
        })
      } catch (error) {
        await cancel()
        throw error
      }
      if (!retry) return response
      await cancel()
      sent = await send(url, init, method)
    }
    return sent.response
  }
}
