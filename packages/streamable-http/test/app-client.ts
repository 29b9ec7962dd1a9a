import { type Json, MODERN, modernMeta } from './helpers.js'

export const BASE = 'http://127.0.0.1/'
const ACCEPT = 'application/json, text/event-stream'

/** What `appClient` sends through: a Hono app's `request`, or a wrapper with the same shape. */
export interface RequestSender {
  request(url: string, init: RequestInit): Response | Promise<Response>
}

/** Sends requests to an app with app.request(): raw POSTs and legacy/modern conveniences. */
export function appClient(app: RequestSender) {
  let nextId = 1
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.request(BASE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return {
    post,
    get: (headers: Record<string, string> = {}) =>
      app.request(BASE, { method: 'GET', headers: { Accept: 'text/event-stream', ...headers } }),
    del: (headers: Record<string, string> = {}) => app.request(BASE, { method: 'DELETE', headers }),
    async initialize(version = '2025-11-25', capabilities: Json = {}) {
      const res = await post({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'initialize',
        params: { protocolVersion: version, capabilities, clientInfo: { name: 't', version: '1' } },
      })
      const sessionId = res.headers.get('mcp-session-id')
      const body = (await res.json()) as Json
      const headers = { 'Mcp-Session-Id': sessionId ?? '', 'MCP-Protocol-Version': version }
      const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
      if (initialized.status !== 202) throw new Error(`initialized: ${initialized.status}`)
      return { res, body, sessionId: sessionId as string, headers }
    },
    /** A modern request with correct mirrored headers. */
    modern(
      method: string,
      params: Json = {},
      extraHeaders: Record<string, string> = {},
      id: number | string = nextId++,
    ) {
      const headers: Record<string, string> = { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method }
      const name = method === 'resources/read' ? params.uri : params.name
      if (typeof name === 'string') headers['Mcp-Name'] = name
      return post(
        { jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta(params._meta) } },
        { ...headers, ...extraHeaders },
      )
    },
    nextId: () => nextId++,
  }
}
