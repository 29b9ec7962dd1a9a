import { isModernVersion, requestedModernVersion } from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'
import { isJsonContentType } from '@edgemcp/streamable-http/internal'

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

export const LOCAL: Route = { to: 'local' }

/**
 * A session's route when `id` has the shape of one minted here (see `SessionIds`: 32 hex digits, or 64 when
 * signed; the Worker checks a signature before it forwards).
 */
const sessionRoute = (id: string): Route =>
  /^[0-9a-f]{32}(?:[0-9a-f]{32})?$/.test(id) ? { to: 'session', sessionId: id } : LOCAL

/**
 * The route decided from method, URL and headers alone; undefined when the body must be read (a POST
 * without session and without the 2026-07-28 headers that settle it: `initialize` and
 * `subscriptions/listen` go elsewhere than other requests).
 *
 * Anything malformed goes `local`: the Worker's own handler gives the same answer a Durable Object would,
 * and an unknown or invalid session id never reaches (or creates) storage.
 */
export function routeByHeaders(request: Request, legacySse: boolean): Route | undefined {
  const { method, headers, url } = request
  // A legacy HTTP+SSE message's `?sessionId=`: the URL is parsed only when it has a query (a 2026-07-28 POST
  // has none, and parsing its URL was a measurable share of the Worker's CPU per request).
  const id =
    (legacySse && method === 'POST' && url.includes('?')
      ? new URL(url).searchParams.get('sessionId')
      : null) ?? headers.get('mcp-session-id')
  if (id !== null) return sessionRoute(id)
  // A GET whose Accept may admit an event stream opens a legacy SSE stream (its Durable Object decides exactly).
  if (method === 'GET')
    return legacySse && /text\/event-stream|text\/\*|\*\/\*/i.test(headers.get('accept') ?? '')
      ? { to: 'new-session' }
      : LOCAL
  if (method !== 'POST' || !isJsonContentType(headers.get('content-type'))) return LOCAL
  return isModernByHeaders(headers) ? LOCAL : undefined
}

/**
 * The path of a request's URL, as `new URL(url).pathname` gives it. `url` is a `Request`'s, which the runtime
 * has parsed and serialized: an absolute http(s) URL whose path starts at the first `/` after `//` and ends
 * at the first `?` or `#` (a serialized authority holds no `/`, and a serialized path no `?` or `#`).
 * Saves parsing the URL of every request (a measurable share of the Worker's CPU per request).
 */
export const pathOf = (url: string): string => /^[^:]*:\/\/[^/]*([^?#]*)/.exec(url)?.[1] ?? '/'

/**
 * Whether a POST without session is served here whatever its body says, from its 2026-07-28 headers: a
 * modern `MCP-Protocol-Version` and an `Mcp-Method` other than `subscriptions/listen`. Its body goes to the
 * transport unread by the Worker (no second read, no second JSON parse). No body can need another route:
 * a modern `initialize` is served here anyway (see `routeByBody`), and a `subscriptions/listen` body under
 * another `Mcp-Method` is refused with HeaderMismatch, here as in the hub (2026-07-28 "Server Validation":
 * the header must equal the body's method). Without `Mcp-Method` the body decides.
 */
function isModernByHeaders(headers: Headers): boolean {
  // Header values come trimmed (Fetch strips the whitespace around them).
  const method = headers.get('mcp-method')
  return (
    method !== null &&
    method !== 'subscriptions/listen' &&
    isModernVersion(headers.get('mcp-protocol-version'))
  )
}

/** The route of a POST without session, from its parsed body. */
export function routeByBody(headers: Headers, value: unknown): Route {
  if (!isObject(value) || !('id' in value)) return LOCAL
  if (value.method === 'subscriptions/listen') return { to: 'hub' }
  if (value.method !== 'initialize') return LOCAL
  // A modern `initialize` is an unknown method (404): no session to make.
  return requestedModernVersion(value.params as Record<string, unknown> | undefined) !== undefined ||
    isModernVersion(headers.get('mcp-protocol-version'))
    ? LOCAL
    : { to: 'new-session' }
}
