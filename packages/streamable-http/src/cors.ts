import { HttpStatus } from '@edgemcp/core'
import type { MiddlewareHandler } from 'hono'
import { type Allowlist, isLoopbackOrigin } from './security.js'

/** Request headers an MCP client sends (besides `Mcp-Param-*`, which are matched by prefix). */
export const MCP_REQUEST_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
] as const

/** Response headers a browser client must be able to read. */
export const MCP_EXPOSED_HEADERS = ['Mcp-Session-Id', 'MCP-Protocol-Version', 'WWW-Authenticate'] as const

export interface McpCorsOptions {
  /** Origins allowed; default loopback origins (match the handler's `allowedOrigins`). `['*']` allows any. */
  origin?: Allowlist
  /** Extra request headers to allow. */
  allowHeaders?: readonly string[]
  /** Extra response headers to expose. */
  exposeHeaders?: readonly string[]
  /** Preflight cache lifetime in seconds. Default 600. */
  maxAge?: number
  /** Send `Access-Control-Allow-Credentials: true` (the origin is then echoed, never `*`). */
  credentials?: boolean
}

/**
 * CORS for a browser MCP client: answers preflights for POST/GET/DELETE with the MCP request headers (and any
 * `Mcp-Param-*`), and exposes `Mcp-Session-Id` and `MCP-Protocol-Version`.
 *
 * @example app.use('/mcp', cors({ origin: ['https://app.example.com'] })); app.route('/mcp', mcp)
 */
export function cors(options: McpCorsOptions = {}): MiddlewareHandler {
  const list = options.origin ?? isLoopbackOrigin
  const allowAny = Array.isArray(list) && list.includes('*')
  const isAllowed = (origin: string) =>
    typeof list === 'function' ? list(origin) : allowAny || list.includes(origin)
  const allowHeaders = new Set(
    [...MCP_REQUEST_HEADERS, ...(options.allowHeaders ?? [])].map((h) => h.toLowerCase()),
  )
  const expose = [...MCP_EXPOSED_HEADERS, ...(options.exposeHeaders ?? [])].join(', ')
  const maxAge = String(options.maxAge ?? 600)

  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined || !isAllowed(origin)) {
      await next()
      return
    }
    const allowOrigin = allowAny && !options.credentials ? '*' : origin
    const common = (headers: Headers) => {
      headers.set('Access-Control-Allow-Origin', allowOrigin)
      if (allowOrigin !== '*') headers.append('Vary', 'Origin')
      if (options.credentials) headers.set('Access-Control-Allow-Credentials', 'true')
    }
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const requested = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h !== '')
      const granted = requested.filter((h) => allowHeaders.has(h.toLowerCase()) || /^mcp-param-/i.test(h))
      const headers = new Headers()
      common(headers)
      headers.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
      headers.set(
        'Access-Control-Allow-Headers',
        [...new Set([...MCP_REQUEST_HEADERS, ...granted])].join(', '),
      )
      headers.set('Access-Control-Max-Age', maxAge)
      return new Response(null, { status: HttpStatus.ok, headers })
    }
    await next()
    common(c.res.headers)
    c.res.headers.set('Access-Control-Expose-Headers', expose)
  }
}
