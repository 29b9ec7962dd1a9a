import { encodeMessage, type HandleResult, type ServerSession } from '@edgemcp/core'

/** Headers of a JSON answer; shared (responses copy their init, nothing writes to it). */
const JSON_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': 'application/json' }

/**
 * The engine's result as one HTTP response: JSON, or no body (202); an `initialize` that opened a `session`
 * names it in a header.
 */
export function jsonResponse({ body, status }: HandleResult, session?: ServerSession): Response {
  const named = session && { 'Mcp-Session-Id': session.id }
  if (body === undefined) return new Response(null, named ? { status, headers: named } : { status })
  return new Response(encodeMessage(body), {
    status,
    headers: named ? { ...named, ...JSON_HEADERS } : JSON_HEADERS,
  })
}
