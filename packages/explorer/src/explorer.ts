import { explorerHtml } from './page.js'
import { sandboxResponse } from './sandbox.js'

export interface ExplorerOptions {
  /** The MCP endpoint the page talks to, a path on the same origin. Default `/mcp`. */
  endpoint?: string | undefined
  /** The page's title. Default: the server's title or name, once the page has asked it. */
  title?: string | undefined
  /**
   * Where MCP Apps run: an origin other than the page's that reaches this same handler (a second hostname or
   * port routed to it), e.g. `https://sandbox.example.com`. Default: on a loopback page, the same port under
   * the other loopback name (`localhost` ⇄ `127.0.0.1`); elsewhere none. `false`, or the page's own origin,
   * shows no apps.
   */
  sandboxOrigin?: string | false | undefined
}

const LOOPBACK_SWAP: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }

function sandboxOriginOf(option: ExplorerOptions['sandboxOrigin'], page: URL): string | undefined {
  if (option === false) return undefined
  if (option !== undefined) return option
  const other = LOOPBACK_SWAP[page.hostname]
  if (!other) return undefined
  const u = new URL(page.origin)
  u.hostname = other
  return u.origin
}

/**
 * The explorer page as a fetch handler: `GET` (and `HEAD`) answer the page, anything else 405. The page lists
 * what the server offers and calls it through `endpoint` in 2026-07-28 (stateless, `_meta` per request, MRTR
 * for elicitation), with the bearer token the person enters, if any: the endpoint's auth and Origin/Host checks
 * apply to it as to any client. It loads nothing from another origin (a Content-Security-Policy says so).
 *
 * @example
 * // Cloudflare Worker, or any fetch-style server:
 * const explorer = createExplorer({ endpoint: '/mcp' })
 * // in fetch: if (new URL(request.url).pathname === '/') return explorer(request)
 * // Hono: app.get('/', (c) => explorer(c.req.raw))
 */
export function createExplorer(options: ExplorerOptions = {}): (request: Request) => Response {
  // The handler also answers `?mcp-app-sandbox` (the apps' sandbox proxy), meant for the sandbox origin.
  const endpoint = options.endpoint ?? '/mcp'
  if (!endpoint.startsWith('/') || endpoint.startsWith('//'))
    throw new TypeError(`endpoint must be a path on this origin, like /mcp (got ${endpoint})`)
  if (typeof options.sandboxOrigin === 'string') {
    const origin = URL.canParse(options.sandboxOrigin) ? new URL(options.sandboxOrigin).origin : 'null'
    if (origin === 'null' || origin !== options.sandboxOrigin.replace(/\/$/, ''))
      throw new TypeError(
        `sandboxOrigin must be an origin, like https://sandbox.example.com (got ${options.sandboxOrigin})`,
      )
  }
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } })
    const url = new URL(request.url)
    if (url.searchParams.has('mcp-app-sandbox')) return sandboxResponse(url)
    // A sandbox on the page's own origin would be none: then no apps.
    const given = sandboxOriginOf(options.sandboxOrigin, url)
    const sandbox = given === url.origin ? undefined : given
    // A nonce per answer: only the page's own script and style run, whatever a server's strings contain.
    const nonce = nonceOf()
    const sandboxUrl = sandbox ? `${sandbox.replace(/\/$/, '')}${url.pathname}?mcp-app-sandbox` : ''
    const html = explorerHtml({ endpoint, title: options.title, nonce, sandboxUrl })
    return new Response(request.method === 'HEAD' ? null : html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "connect-src 'self'",
          `frame-src ${sandbox ?? "'none'"}`,
          'img-src data: blob:',
          'media-src data: blob:',
          "base-uri 'none'",
          "form-action 'none'",
          "frame-ancestors 'none'",
        ].join('; '),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    })
  }
}

function nonceOf(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}
