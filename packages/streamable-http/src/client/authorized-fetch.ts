import type { AuthProvider } from '@edgemcp/core'

/** The fetch signature client transports call. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>

const REFUSED = new Set([401, 403])

/**
 * `fetch` with an {@link AuthProvider}: every request carries the provider's headers; a 401 or 403 goes to
 * `provider.unauthorized` and, when it resolves `true`, the request is sent once more with fresh headers. The
 * second answer is returned whatever it is, so a refusal reaches the transport (and the caller) as an HTTP
 * error with its challenge. Used by the Streamable HTTP and HTTP+SSE client transports; usable on its own.
 *
 * @example
 * const fetchWithAuth = authorizedFetch(provider)
 * const res = await fetchWithAuth('https://mcp.example.com/mcp', { method: 'POST', body })
 */
export function authorizedFetch(
  provider: AuthProvider,
  fetchImpl: FetchLike = (i, o) => fetch(i, o),
): FetchLike {
  const send = async (url: string, init: RequestInit, method: string): Promise<Response> => {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(await provider.headers({ url, method })))
      headers.set(name, value)
    return fetchImpl(url, { ...init, headers })
  }
  return async (input, init = {}) => {
    const url = String(input)
    const method = (init.method ?? 'GET').toUpperCase()
    const first = await send(url, init, method)
    if (!REFUSED.has(first.status)) return first
    const cancel = () => first.body?.cancel().catch(() => {})
    let retry: boolean
    try {
      retry = await provider.unauthorized({ url, method, status: first.status, headers: first.headers })
    } catch (error) {
      await cancel()
      throw error
    }
    if (!retry) return first
    await cancel()
    return send(url, init, method)
  }
}
