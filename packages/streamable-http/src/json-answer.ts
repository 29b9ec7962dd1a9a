import { encodeMessage, type HandleResult, type ServerSession } from '@edgemcp/core'
import { RETRY_AFTER } from './admission.js'

/**
 * Headers of a JSON answer: a new object per response, never a shared one. @hono/node-server 1.x keeps a
 * Response's init and writes `Content-Length` into a plain headers object it was given, so a shared object
 * carried the first answer's length into every later one (wrong Content-Length, clients hung or read
 * truncated JSON; found by the consumer test on the peer range's floor).
 */
const jsonHeaders = (): Record<string, string> => ({ 'Content-Type': 'application/json' })

/**
 * The engine's result as one HTTP response: JSON, or no body (202); an `initialize` that opened a `session`
 * names it in a header.
 */
export function jsonResponse({ body, status }: HandleResult, session?: ServerSession): Response {
  const named = session && { 'Mcp-Session-Id': session.id }
  if (body === undefined) return new Response(null, named ? { status, headers: named } : { status })
  // A refusal for load from the engine (a task store over a client's budget: TaskLimitError) says when to
  // come back, as the transport's own refusals do.
  const load = status === 429 || status === 503 ? RETRY_AFTER : undefined
  // No spread when there is nothing to add (issue 30, session tools/call: 182,616 -> 181,977 instructions per
  // request, callgrind, tools/bench instructions.mjs).
  return new Response(encodeMessage(body), {
    status,
    headers: named || load ? { ...named, ...load, ...jsonHeaders() } : jsonHeaders(),
  })
}
