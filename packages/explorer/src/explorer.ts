import { explorerHtml } from './page.js'

export interface ExplorerOptions {
  /** The MCP endpoint the page talks to, a path on the same origin. Default `/mcp`. */
  endpoint?: string | undefined
  /** The page's title. Default: the server's title or name, once the page has asked it. */
  title?: string | undefined
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
  const endpoint = options.endpoint ?? '/mcp'
  if (!endpoint.startsWith('/') || endpoint.startsWith('//'))
    throw new TypeError(`endpoint must be a path on this origin, like /mcp (got ${endpoint})`)
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } })
    // A nonce per answer: only the page's own script and style run, whatever a server's strings contain.
    const nonce = nonceOf()
    const html = explorerHtml({ endpoint, title: options.title, nonce })
    return new Response(request.method === 'HEAD' ? null : html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "connect-src 'self'",
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
