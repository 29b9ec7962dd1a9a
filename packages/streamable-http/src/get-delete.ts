import {
  encodeMessage,
  HttpStatus,
  isModernVersion,
  type ProtocolError,
  type ServerSession,
} from '@edgemcp/core'
import { accepts } from './accept.js'
import { declaresBody, discardBody } from './body.js'
import { checkLegacyVersion, sessionOf, versionHeader } from './classify.js'
import type { StoredEvent } from './event-store.js'
import type { ConnectOptions } from './event-stream.js'
import { errorResponse, transportError } from './http-error.js'
import { sseConnectOf } from './sse-connect.js'
import { WebSseConnection } from './sse-connection.js'
import { formatSseEvent } from './sse-format.js'
import type { McpRequestContext } from './request-context.js'
import type { HandlerState } from './state.js'

/** 409 Conflict: not (yet) in core's HttpStatus table, so named here once. */
const CONFLICT = 409

export const methodNotAllowedError = transportError(HttpStatus.methodNotAllowed, 'Method Not Allowed')
export const ALLOW: Readonly<Record<string, string>> = Object.freeze({ Allow: 'GET, POST, DELETE' })

const methodNotAllowed = (): Response => errorResponse(methodNotAllowedError, null, ALLOW)

/**
 * GET and DELETE carry no meaningful body, but one sent anyway is read to its end before answering (workerd
 * breaks the connection of a request whose body was never read; see `discardBody`).
 */
const discardDeclaredBody = (request: Request): Promise<void> =>
  declaresBody(request.headers) ? discardBody(request) : Promise.resolve()

/**
 * The legacy session a GET or DELETE is about. Without `Mcp-Session-Id`, or from a 2026-07-28 client, there is
 * none: 405 (2026-07-28 "Earlier Streamable HTTP Revisions").
 */
async function legacySession(
  state: HandlerState,
  c: McpRequestContext,
): Promise<{ session: ServerSession } | { response: Response }> {
  const headers = c.req.raw.headers
  const version = versionHeader(headers)
  if (!headers.has('mcp-session-id') || (version !== null && isModernVersion(version)))
    return { response: methodNotAllowed() }
  const auth = await state.options.authenticate?.(c)
  const found = await sessionOf(state, headers, auth?.principal)
  if ('error' in found) return { response: errorResponse(found.error) }
  const session = found.session as ServerSession
  const error: ProtocolError | undefined = checkLegacyVersion(version, session)
  return error ? { response: errorResponse(error) } : { session }
}

/** A stream that has ended (or lives in another isolate): send what the client missed, then close. */
function replayOnly(events: StoredEvent[], connect: ConnectOptions): Response {
  const connection = new (connect.Connection ?? WebSseConnection)({
    keepAliveMs: 0,
    signal: connect.signal,
    node: connect.node,
  })
  for (const e of events) connection.write(formatSseEvent({ id: e.id, data: encodeMessage(e.message) }))
  connection.close()
  return connection.takeResponse()
}

/**
 * GET: the session's standalone SSE stream for server-initiated messages (2025-11-25 "Listening for Messages
 * from the Server"); with `Last-Event-ID`, resumption of the stream that id belongs to.
 */
export async function handleGet(state: HandlerState, c: McpRequestContext): Promise<Response> {
  await discardDeclaredBody(c.req.raw)
  const found = await legacySession(state, c)
  if ('response' in found) return found.response
  const { session } = found
  const headers = c.req.raw.headers
  if (!accepts(headers.get('accept'), 'text/event-stream'))
    return errorResponse(
      transportError(HttpStatus.notAcceptable, 'Not Acceptable: Accept must list text/event-stream'),
    )

  const lastEventId = headers.get('last-event-id')?.trim()
  if (lastEventId && state.eventStore) {
    const replay = await state.eventStore.replayAfter(lastEventId)
    if (!replay || !state.ownsStream(session, replay.streamId))
      return errorResponse(
        transportError(
          HttpStatus.badRequest,
          'Bad Request: Last-Event-ID is unknown or expired; open a new stream',
        ),
      )
    const live = state.liveStream(replay.streamId)
    const connect = sseConnectOf(c, state.options.waitUntil, state.node)
    return live ? live.resume(lastEventId, connect) : replayOnly(replay.events, connect)
  }

  if (state.standaloneOf(session.id)?.isConnected)
    return errorResponse(
      transportError(CONFLICT, 'Conflict: this session already has a standalone SSE stream open'),
    )
  const stream = state.newStream(session)
  const response = stream.open(
    sseConnectOf(c, state.options.waitUntil, state.node),
    stream.resumable ? undefined : () => stream.abort(),
  )
  state.setStandalone(session, stream)
  return response
}

/** DELETE: the client ends its session (2025-11-25 "Session Management" 5). */
export async function handleDelete(state: HandlerState, c: McpRequestContext): Promise<Response> {
  await discardDeclaredBody(c.req.raw)
  const found = await legacySession(state, c)
  if ('response' in found) return found.response
  await state.endSession(found.session)
  return new Response(null, { status: HttpStatus.ok })
}
