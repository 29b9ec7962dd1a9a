import {
  type HandleResult,
  HttpStatus,
  parseJson,
  readId,
  type RequestId,
  type ServerSession,
} from '@edgemcp/core'
import type { Context } from 'hono'
import { accepts, isJsonContentType } from './accept.js'
import { Answer } from './answer.js'
import { readBody } from './body.js'
import { classify } from './classify.js'
import { errorResponse, transportError } from './http-error.js'
import type { HandlerState } from './state.js'

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

async function jsonAnswer(state: HandlerState, r: HandleResult): Promise<Response> {
  const headers: Record<string, string> = {}
  if (r.session) {
    await state.storeSession(r.session)
    headers['Mcp-Session-Id'] = r.session.id
  }
  if (r.body === undefined) return new Response(null, { status: r.status, headers })
  headers['Content-Type'] = 'application/json'
  return new Response(JSON.stringify(r.body), { status: r.status, headers })
}

/** POST: one JSON-RPC message (or a 2025-03-26 batch) in; JSON, SSE or 202 out. */
export async function handlePost(state: HandlerState, c: Context): Promise<Response> {
  const request = c.req.raw
  const o = state.options
  if (!isJsonContentType(request.headers.get('content-type')))
    return errorResponse(
      transportError(
        HttpStatus.unsupportedMediaType,
        'Unsupported Media Type: Content-Type must be application/json',
      ),
    )
  const accept = request.headers.get('accept')
  const acceptsSse = accepts(accept, 'text/event-stream')
  if (!accepts(accept, 'application/json') || (!acceptsSse && !o.acceptJsonOnly))
    return errorResponse(
      transportError(
        HttpStatus.notAcceptable,
        'Not Acceptable: Accept must list both application/json and text/event-stream',
      ),
    )
  const body = await readBody(request, o.maxBodyBytes)
  if (!body.ok) return errorResponse(body.error)
  const parsed = parseJson(body.text)
  if (!parsed.ok) return errorResponse(parsed.error)
  const value = parsed.value

  const auth = await o.authenticate?.(c)
  const plan = await classify(state, request.headers, value, auth?.principal)
  if ('error' in plan) return errorResponse(plan.error, readId(value))

  const modern = plan.era === 'modern'
  const session = plan.era === 'legacy' ? plan.session : undefined
  const method = isObject(value) && typeof value.method === 'string' ? value.method : undefined
  const listen = modern && method === 'subscriptions/listen'
  if (listen && !acceptsSse)
    return errorResponse(
      transportError(
        HttpStatus.notAcceptable,
        'Not Acceptable: subscriptions/listen answers with text/event-stream',
      ),
      readId(value),
    )

  const answer = new Answer(state, {
    session,
    canStream: acceptsSse && (listen || !o.jsonResponse),
    cancelOnDisconnect: modern,
    requestSignal: request.signal,
  })
  const requestId: RequestId | null = method !== undefined ? readId(value) : null
  const unregister =
    session && requestId !== null ? state.addPending(session.id, requestId, answer) : () => {}

  const createSession = (): ServerSession => {
    const s = state.server.createSession()
    if (auth?.principal !== undefined) s.principal = auth.principal
    return s
  }
  const handling = state.server.handle(value, {
    session,
    emit: (m) => answer.emit(m),
    signal: modern ? answer.signal : undefined,
    era: modern ? 'modern' : undefined,
    authInfo: auth?.authInfo,
    principal: auth?.principal,
    createSession,
  })
  const first = await Promise.race([handling, answer.switched.then(() => undefined)])
  if (first !== undefined && !answer.stream) {
    answer.done = true
    unregister()
    return jsonAnswer(state, first)
  }
  void handling
    .then(async (r) => {
      if (r.session) await state.storeSession(r.session)
      await answer.finish(r)
    })
    .catch(() => answer.stream?.abort())
    .finally(unregister)
  return answer.response as Response
}
