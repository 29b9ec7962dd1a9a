import { McpLocalError } from '../errors/local-error.js'

/** Most bytes of an error answer's body kept (and read) for `McpHttpError.body`. */
export const HTTP_ERROR_BODY_BYTES = 1024

export interface McpHttpErrorInit {
  status: number
  statusText?: string
  /** The response headers (read `WWW-Authenticate`, `Retry-After`, … from them). */
  headers?: Headers
  /** The HTTP method of the request that was refused. */
  method: string
  url: string | URL
  /** The start of the response body. */
  body?: string
  cause?: unknown
}

/** A URL for messages: no credentials, no query string or fragment (they may hold tokens). */
export function displayUrl(url: string | URL): string {
  try {
    const u = new URL(url)
    return `${u.origin}${u.pathname}`
  } catch {
    return String(url).replace(/[?#].*$/, '')
  }
}

/** One line of at most `max` characters. */
const oneLine = (text: string, max: number): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}

/** What a user should do about a status; the challenge decides between 401/403 flavours. */
function hintFor(status: number, method: string, challenge: string | undefined): string {
  if (status === 401)
    return challenge?.includes('resource_metadata')
      ? 'the server requires authorization (OAuth: its WWW-Authenticate names the protected-resource metadata); give the transport an authProvider or an Authorization header'
      : 'the server requires authentication; send credentials (an Authorization header or an authProvider)'
  if (status === 403)
    return challenge?.includes('insufficient_scope')
      ? 'the token lacks a scope this request needs (insufficient_scope); authorize again with the scopes in WWW-Authenticate'
      : 'the server refused these credentials or this client (check the token, its audience and the Origin)'
  if (status === 404) return 'nothing is served at this URL; check the MCP endpoint path (often /mcp)'
  if (status === 405) return `the endpoint does not accept ${method}; is this the MCP endpoint?`
  if (status === 406 || status === 415)
    return 'the server refused the content type or Accept header; it may not be an MCP endpoint'
  if (status === 408 || status === 504) return 'the request timed out on the server side; try again'
  if (status === 413) return 'the message is larger than the server accepts'
  if (status === 429) return 'rate limited; wait (see Retry-After) before trying again'
  if (status >= 500) return 'the server failed; try again later or look at its logs'
  if (status === 400) return 'the server refused the request as malformed'
  return 'the server refused the request'
}

/**
 * The server answered an HTTP request with a 4xx/5xx status that is not an MCP answer: a 401 or 403 from an
 * authorization layer, a 404 for a wrong path, a 5xx, … Thrown by every HTTP client transport
 * (@edgemcp/streamable-http, @edgemcp/sse), so callers branch on `status` and read `headers` (e.g.
 * `WWW-Authenticate`) without parsing messages.
 *
 * @example
 * try {
 *   await client.connect(transport)
 * } catch (e) {
 *   if (e instanceof McpHttpError && e.status === 401) console.log(e.wwwAuthenticate)
 * }
 */
export class McpHttpError extends McpLocalError {
  override readonly name = 'McpHttpError'
  readonly status: number
  readonly statusText: string
  /** The response headers. */
  readonly headers: Headers
  /** The method of the refused request (`POST`, `GET`, `DELETE`). */
  readonly method: string
  /** The URL of the refused request, without credentials or query string. */
  readonly url: string
  /** The start of the response body (at most about 1 KiB), `''` when there was none. */
  readonly body: string
  /** What to do about it, in a few words. */
  readonly hint: string

  constructor(init: McpHttpErrorInit) {
    const headers = init.headers ?? new Headers()
    const url = displayUrl(init.url)
    const challenge = headers.get('www-authenticate') ?? undefined
    const hint = hintFor(init.status, init.method, challenge)
    const statusText = init.statusText ?? ''
    const body = init.body ?? ''
    let message = `${init.method} ${url} answered HTTP ${init.status}${statusText ? ` ${statusText}` : ''}: ${hint}`
    if (challenge) message += ` (WWW-Authenticate: ${oneLine(challenge, 300)})`
    if (body) message += `; body: ${oneLine(body, 200)}`
    super('http', message, { cause: init.cause })
    this.status = init.status
    this.statusText = statusText
    this.headers = headers
    this.method = init.method
    this.url = url
    this.body = body
    this.hint = hint
  }

  /** The `WWW-Authenticate` challenge of a 401 or 403, when there is one. */
  get wwwAuthenticate(): string | undefined {
    return this.headers.get('www-authenticate') ?? undefined
  }

  /**
   * The error for a refused response: reads at most ~1 KiB of its body for the excerpt and cancels the rest,
   * so a huge or endless error body costs nothing.
   */
  static async fromResponse(
    response: Response,
    request: { method: string; url: string | URL },
  ): Promise<McpHttpError> {
    return new McpHttpError({
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      method: request.method,
      url: request.url,
      body: await readExcerpt(response, HTTP_ERROR_BODY_BYTES),
    })
  }
}

/** The first `maxBytes` of a body as text (lenient UTF-8); the rest is cancelled, never read. */
export async function readExcerpt(response: Response, maxBytes: number): Promise<string> {
  const body = response.body
  if (!body) return ''
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read()
      if (done) break
      const part = value.byteLength > maxBytes - size ? value.subarray(0, maxBytes - size) : value
      size += part.byteLength
      text += decoder.decode(part, { stream: true })
    }
  } catch {
    // a body that fails mid-way: keep what arrived
  } finally {
    reader.cancel().catch(() => {})
  }
  return text + decoder.decode()
}
