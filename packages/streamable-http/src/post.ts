import { ProtocolError, parseJson, readId } from '@edgemcp/core'
import { handleNow, isObject } from '@edgemcp/core/internal'
import { RETRY_AFTER } from './admission.js'
import { accepts, isJsonContentType } from './accept.js'
import { Answer } from './answer.js'
import { RequestCancellation } from './cancellation.js'
import { type BodyResult, readBody, refuse } from './body.js'
import { classify } from './classify.js'
import { headersOf } from './header-reader.js'
import { errorResponse, transportError } from './http-error.js'
import type { McpRequestContext } from './request-context.js'
import { changesSession } from './session-change.js'
import type { ResolvedOptions } from './options.js'
import type { HandlerState } from './state.js'

/** 415 for a POST whose Content-Type is not JSON, its body read first (see `refuse`): both transports say it. */
export const unsupportedMediaType = (request: Request): Promise<Response> =>
  refuse(request, transportError(415, 'Unsupported Media Type: Content-Type must be application/json'))

/**
 * A POST body as `readBody` read it (refused beyond `maxBodyBytes`: 413), parsed as JSON (else 400; parsed
 * once, when `peekBody` did it already): its value, or the refusal. Synchronous, so the POST path gains no
 * extra await.
 */
export function parseBody(body: BodyResult): Response | { value: unknown } {
  const parsed = body.ok ? (body.parsed ?? parseJson(body.text)) : body
  return parsed.ok ? parsed : errorResponse(parsed.error)
}

/**
 * What every POST goes through first (both handlers): Content-Type must be JSON (415), Accept must list JSON
 * and SSE (406, unless `acceptJsonOnly`). The refusal, or whether the client accepts an SSE answer. Then the
 * caller reads the body itself (`readBody`, `parseBody`): one async layer less per request than a function
 * doing both (issue 30, session tools/call: 183,711 -> 182,616 instructions per request, callgrind,
 * tools/bench instructions.mjs).
 */
export function checkPostHeaders(
  request: Request,
  o: Pick<ResolvedOptions, 'acceptJsonOnly'>,
): Promise<Response> | boolean {
  const headers = headersOf(request)
  if (!isJsonContentType(headers.get('content-type'))) return unsupportedMediaType(request)
  const accept = headers.get('accept')
  const acceptsSse = accepts(accept, 'text/event-stream')
  if (!accepts(accept, 'application/json') || (!acceptsSse && !o.acceptJsonOnly))
    return refuse(
      request,
      transportError(406, 'Not Acceptable: Accept must list both application/json and text/event-stream'),
    )
  return acceptsSse
}

/** POST: one JSON-RPC message (or a 2025-03-26 batch) in; JSON, SSE or 202 out. */
export async function handlePost(state: HandlerState, c: McpRequestContext): Promise<Response> {
  const request = c.req.raw
  const o = state.options
  const acceptsSse = checkPostHeaders(request, o)
  if (acceptsSse instanceof Promise) return acceptsSse
  const parsed = parseBody(await readBody(request, o.maxBodyBytes))
  if (parsed instanceof Response) return parsed
  const { value } = parsed

  // Awaited only when it is a promise: a Worker's is synchronous for every request it was given the caller of.
  const authenticating = o.authenticate?.(c)
  const auth = authenticating instanceof Promise ? await authenticating : authenticating
  const principal = auth?.principal
  // Read after `authenticate`, which may have changed them.
  const planned = classify(state, headersOf(request), value, principal)
  const plan = planned instanceof Promise ? await planned : planned
  if ('error' in plan) return errorResponse(plan.error, readId(value))

  const modern = 'modern' in plan
  const session = modern ? undefined : plan.session
  // A message that concerns another instance of a fleet sharing the session store goes there.
  const forwarding = session && state.fleet?.forward(state.sessions, session, value)
  const forwarded = forwarding && (await forwarding)
  if (forwarded) return forwarded
  const method = isObject(value) && typeof value.method === 'string' ? value.method : undefined
  const listen = modern && method === 'subscriptions/listen'
  if (listen && !acceptsSse)
    return errorResponse(
      transportError(406, 'Not Acceptable: subscriptions/listen answers with text/event-stream'),
      readId(value),
    )

  // Fair shares (see `ClientLimits`): a client over its share is refused, nobody else is evicted.
  const client = state.limits.clientOf(c, principal)
  const opens = !modern && session === undefined && method === 'initialize'
  const refusal = opens ? state.limits.refuseSession(client) : undefined
  if (refusal) return errorResponse(refusal, readId(value), RETRY_AFTER)
  const listening = listen ? state.limits.openStream(client) : undefined
  if (listening instanceof ProtocolError) return errorResponse(listening, readId(value), RETRY_AFTER)

  const canStream = acceptsSse && (listen || !o.jsonResponse)
  // Legacy requests are not cancelled by a disconnect (their stream can be resumed).
  const cancellation = modern ? new RequestCancellation(request) : undefined
  const answer = new Answer({
    state,
    c,
    session,
    canStream,
    cancellation,
    changesSession: !modern && o.onSessionChange !== undefined && changesSession(value),
    pendingId: session && method !== undefined ? readId(value) : null,
    client,
  })

  const handling = handleNow(state.server, value, {
    session,
    emit: answer.emit,
    signal: cancellation,
    era: modern ? 'modern' : undefined,
    authInfo: auth?.authInfo,
    principal,
    client,
    createSession: opens
      ? () => state.limits.admitSession(state.server, { id: o.sessionId?.(c), principal, client })
      : undefined,
  })
  // A listen stream counts against its client's share until it ends (the request's handling settles).
  if (listening) void Promise.resolve(handling).finally(listening)
  return answer.respond(handling)
}
