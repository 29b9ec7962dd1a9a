import { isModernVersion, requestedModernVersion, isObject } from '@edgemcp/core'
import { isJsonContentType } from '@edgemcp/streamable-http'

/**
 * Where a request to the MCP path is served:
 * - `local`: statelessly in this Worker isolate (2026-07-28 requests, and every error that needs no state);
 * - `session`: in the Durable Object of an existing legacy session;
 * - `new-session`: in the Durable Object of a session about to be created (legacy `initialize`, SSE stream);
 * - `hub`: in the hub Durable Object that holds `subscriptions/listen` streams.
 */
export type Route =
  | { to: 'local' }
  | { to: 'session'; sessionId: string }
  | { to: 'new-session' }
  | { to: 'hub' }

/** Session ids minted here (core's `createSessionId`): 128 random bits in hex. */
const SESSION_ID = /^[0-9a-f]{32}$/

export const isSessionId = (id: string): boolean => SESSION_ID.test(id)

const LOCAL: Route = { to: 'local' }

const sessionRoute = (id: string): Route => (isSessionId(id) ? { to: 'session', sessionId: id } : LOCAL)

/** Whether an Accept header may admit an event stream (a Durable Object then decides exactly). */
const mayAcceptEventStream = (accept: string | null): boolean =>
  accept !== null && /text\/event-stream|text\/\*|\*\/\*/i.test(accept)

/**
 * The route decided from method, URL and headers alone; undefined when the body must be read (a POST
 * without session: `initialize` and `subscriptions/listen` go elsewhere than other requests).
 *
 * Anything malformed goes `local`: the Worker's own handler gives the same answer a Durable Object would,
 * and an unknown or invalid session id never reaches (or creates) storage.
 */
export function routeByHeaders(request: Request, legacySse: boolean): Route | undefined {
  const method = request.method
  if (legacySse && method === 'POST') {
    const query = new URL(request.url).searchParams.get('sessionId')
    if (query !== null) return sessionRoute(query)
  }
  const header = request.headers.get('mcp-session-id')
  if (header !== null) return sessionRoute(header.trim())
  if (method === 'GET')
    return legacySse && mayAcceptEventStream(request.headers.get('accept')) ? { to: 'new-session' } : LOCAL
  if (method === 'POST' && isJsonContentType(request.headers.get('content-type'))) return undefined
  return LOCAL
}

/** The route of a POST without session, from its parsed body. */
export function routeByBody(headers: Headers, value: unknown): Route {
  if (!isObject(value) || typeof value.method !== 'string' || !('id' in value)) return LOCAL
  if (value.method === 'subscriptions/listen') return { to: 'hub' }
  if (value.method !== 'initialize') return LOCAL
  const params = isObject(value.params) ? value.params : undefined
  const header = headers.get('mcp-protocol-version')?.trim()
  const modern =
    requestedModernVersion(params) !== undefined || (header !== undefined && isModernVersion(header))
  // A modern `initialize` is an unknown method (404): no session to make.
  return modern ? LOCAL : { to: 'new-session' }
}
