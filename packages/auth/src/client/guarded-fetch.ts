import { ResponseTooLargeError } from '@edgemcp/core'
import { readLimitedText } from '@edgemcp/core/internal'
import { OAuthClientError } from './errors.js'

/** The fetch signature the OAuth client uses (global fetch fits). */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]'])
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 3

/** `localhost`, `127.0.0.0/8` or `[::1]`: where `http:` is allowed (RFC 8252 §7.3, OAuth 2.1 §1.5). */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase()
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/**
 * Parses a URL the flow is about to use and refuses anything but `https:`, or `http:` on loopback (OAuth 2.1
 * §1.5 "Communication Security"; MCP 2026-07-28 authorization "Communication Security").
 */
export function secureUrl(value: unknown, what: string): URL {
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    throw new OAuthClientError('insecure_url', `${what} is not a URL: ${JSON.stringify(value)}`)
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))) return url
  throw new OAuthClientError(
    'insecure_url',
    `${what} ${url.origin} is not https (http is allowed on loopback only); refusing to use it`,
  )
}

export interface GuardedFetchOptions {
  fetch: FetchLike
  /** Largest response body read, in bytes. */
  maxResponseBytes: number
  /** Gives up on a request after this long (unless the caller passes its own signal). */
  timeoutMs: number
}

/**
 * The fetch every request to an authorization server and every metadata request goes through: https (or
 * loopback http) only, no redirect to another origin (none at all for POSTs), a bounded body and a timeout.
 * Answers come back as buffered Responses, so oauth4webapi reads them as usual.
 */
export function guardedFetch(options: GuardedFetchOptions): FetchLike {
  return async (input, init = {}) => {
    let url = secureUrl(input, 'Authorization request URL')
    const method = (init.method ?? 'GET').toUpperCase()
    for (let hop = 0; ; hop++) {
      const response = await options.fetch(url.href, {
        ...init,
        redirect: 'manual',
        signal: init.signal ?? AbortSignal.timeout(options.timeoutMs),
      })
      if (!REDIRECTS.has(response.status) && response.type !== 'opaqueredirect')
        return bounded(response, url, options.maxResponseBytes)
      await response.body?.cancel().catch(() => {})
      url = nextHop(url, response, method, hop)
    }
  }
}

/** Where a redirect may be followed: a GET, on the same origin, a few times at most. */
function nextHop(from: URL, response: Response, method: string, hop: number): URL {
  const location = response.headers.get('location')
  const target = location ? new URL(location, from) : undefined
  if (method === 'GET' && target && target.origin === from.origin && hop < MAX_REDIRECTS) return target
  throw new OAuthClientError(
    'redirect_refused',
    `${method} ${from.origin}${from.pathname} was redirected${target ? ` to ${target.origin}${target.pathname}` : ''}; ` +
      'OAuth requests do not follow redirects to other origins (or of a POST)',
  )
}

/** The response with its body read into memory, refused beyond `maxBytes` (declared or counted). */
async function bounded(response: Response, url: URL, maxBytes: number): Promise<Response> {
  let text: string
  try {
    text = await readLimitedText(response, { label: 'The answer', url }, maxBytes)
  } catch (error) {
    if (!(error instanceof ResponseTooLargeError)) throw error
    throw new OAuthClientError(
      'response_too_large',
      `${url.origin}${url.pathname} answered more than ${maxBytes} bytes; refusing to read it`,
      { cause: error },
    )
  }
  const nullBody = response.status === 204 || response.status === 304
  return new Response(nullBody ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
