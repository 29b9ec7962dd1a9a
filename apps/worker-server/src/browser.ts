/**
 * What the sample answers a person's browser (rather than an MCP client):
 * - `GET /mcp` with `Accept: text/html` (an address typed or a link followed) is sent to `/`, where the page
 *   explains how to connect; the transport would otherwise open a legacy SSE stream that never finishes
 *   loading (browsers send `*\/*` too), or answer 405.
 * - `HEAD` is answered wherever `GET` is served by a page: the same status and headers, no body.
 */
export function forBrowsers<Args extends unknown[]>(
  mcpPath: string,
  fetch: (request: Request, ...rest: Args) => Promise<Response>,
): (request: Request, ...rest: Args) => Promise<Response> {
  return async (request, ...rest) => {
    const url = new URL(request.url)
    const read = request.method === 'GET' || request.method === 'HEAD'
    if (read && isMcpPath(url.pathname, mcpPath) && isBrowserVisit(request.headers))
      return new Response(null, { status: 302, headers: { Location: new URL('/', url).toString() } })
    if (request.method === 'HEAD' && !isMcpPath(url.pathname, mcpPath)) {
      const answer = await fetch(new Request(request, { method: 'GET' }), ...rest)
      await answer.body?.cancel()
      return new Response(null, answer)
    }
    return fetch(request, ...rest)
  }
}

const isMcpPath = (path: string, mcpPath: string) => path === mcpPath || path === `${mcpPath}/`

/** A page load: HTML accepted, and no MCP session or protocol header (which only MCP clients send). */
const isBrowserVisit = (headers: Headers) =>
  /(^|[\s,])text\/html\b/i.test(headers.get('accept') ?? '') &&
  !headers.has('mcp-session-id') &&
  !headers.has('mcp-protocol-version')
