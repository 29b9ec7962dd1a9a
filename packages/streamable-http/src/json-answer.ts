import { encodeMessage, type HandleResult, type ServerSession } from '@edgemcp/core'
import type { HandlerState } from './state.js'

/** Headers of a JSON answer; shared (responses copy their init, nothing writes to it). */
const JSON_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': 'application/json' }

/** The engine's result as one HTTP response: JSON, or no body (202); with the id of a `session` it opened. */
function jsonResponse({ body, status }: HandleResult, session?: ServerSession): Response {
  const named = session && { 'Mcp-Session-Id': session.id }
  if (body === undefined) return new Response(null, named ? { status, headers: named } : { status })
  return new Response(encodeMessage(body), {
    status,
    headers: named ? { ...named, ...JSON_HEADERS } : JSON_HEADERS,
  })
}

/**
 * A JSON (or empty) answer; an `initialize` that opened a session stores it and names it in a header. A
 * `changed` session is reported (`onSessionChange`) before the answer goes out.
 */
export function jsonAnswer(
  state: HandlerState,
  r: HandleResult,
  changed?: ServerSession,
): Response | Promise<Response> {
  const session = r.session
  if (!session && !changed) return jsonResponse(r)
  return state.afterRequest(session, changed).then(() => jsonResponse(r, session))
}
