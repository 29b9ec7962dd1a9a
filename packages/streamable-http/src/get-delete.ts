import { isModernVersion, type ServerSession } from '@edgemcp/core'
import { accepts } from './accept.js'
import { declaresBody, discardBody, refuse } from './body.js'
import { legacyPlan, versionHeader } from './classify.js'
import { replayOnly } from './event-stream.js'
import { headersOf } from './header-reader.js'
import { errorResponse, transportError } from './http-error.js'
import type { McpRequestContext } from './request-context.js'
import { type HandlerState, isStandaloneStreamOf } from './state.js'

/** 405 with the methods the endpoint serves; a body sent along is read first (see `refuse`). */
export const methodNotAllowed = (request: Request): Promise<Response> =>
  refuse(request, transportError(405, 'Method Not Allowed'), null, { Allow: 'GET, POST, DELETE' })

const refusal = (status: number, message: string): Response => errorResponse(transportError(status, message))

/**
 * The legacy session a GET or DELETE is about, or the response refusing the request. Without
 * `Mcp-Session-Id`, or from a 2026-07-28 client, there is none: 405 (2026-07-28 "Earlier Streamable HTTP
 * Revisions"). These requests carry no meaningful body, but one sent anyway is read to its end first (workerd
 * breaks the connection of a request whose body was never read; see `discardBody`).
 */
async function legacySession(state: HandlerState, c: McpRequestContext): Promise<ServerSession | Response> {
  const request = c.req.raw
  const headers = headersOf(request)
  if (declaresBody(headers)) await discardBody(request)
  const version = versionHeader(headers)
  if (!headers.has('mcp-session-id') || (version !== null && isModernVersion(version)))
    return methodNotAllowed(request)
  const auth = await state.options.authenticate?.(c)
  // Read after `authenticate`, which may have changed them.
  const plan = await legacyPlan(state, headersOf(request), version, auth?.principal)
  return 'error' in plan ? errorResponse(plan.error) : (plan.session as ServerSession)
}

/**
 * GET: the session's standalone SSE stream for server-initiated messages (2025-11-25 "Listening for Messages
 * from the Server"); with `Last-Event-ID`, resumption of the stream that id belongs to.
 */
export async function handleGet(state: HandlerState, c: McpRequestContext): Promise<Response> {
  const session = await legacySession(state, c)
  if (session instanceof Response) return session
  const headers = headersOf(c.req.raw)
  if (!accepts(headers.get('accept'), 'text/event-stream'))
    return refusal(406, 'Not Acceptable: Accept must list text/event-stream')

  const lastEventId = headers.get('last-event-id')
  const store = state.eventStore
  if (lastEventId && store) {
    const replay = await store.replayAfter(lastEventId)
    // Stream ids of a session start with its id (`newStream`): another session's are foreign.
    if (!replay?.streamId.startsWith(`${session.id}.`))
      return refusal(400, 'Bad Request: Last-Event-ID is unknown or expired; open a new stream')
    const live = state.liveStream(session, replay.streamId)
    const connect = state.connectOf(c)
    if (live) return live.resume(lastEventId, connect)
    // Live on another instance of a fleet sharing the store, or ended: what is stored, then what follows.
    const follow = store.follow && state.fleet?.follow
    if (follow)
      return follow(store, replay.streamId, lastEventId, replay.events, connect, state.options.keepAliveMs)
    // The session's standalone stream, stored but held live by no one: the server restarted (or its Durable
    // Object was evicted). It carries on here, live, unless the session has opened another one since;
    // replaying it and closing would leave the client polling a stream nothing is sent on any more.
    if (isStandaloneStreamOf(session, replay.streamId) && !state.standaloneOf(session))
      return state.newStream(session, true, null, replay.streamId).resume(lastEventId, connect)
    return replayOnly(replay.events, connect)
  }

  if (state.standaloneOf(session)?.isConnected)
    return refusal(409, 'Conflict: this session already has a standalone SSE stream open')
  return state.newStream(session, true).open(state.connectOf(c))
}

/** DELETE: the client ends its session (2025-11-25 "Session Management" 5). */
export async function handleDelete(state: HandlerState, c: McpRequestContext): Promise<Response> {
  const session = await legacySession(state, c)
  if (session instanceof Response) return session
  session.close('Session terminated by the client') // its streams end
  await state.sessions.delete(session.id)
  return new Response(null, { status: 200 })
}
