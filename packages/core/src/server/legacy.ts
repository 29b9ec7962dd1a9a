import { INVALID_REQUEST } from '../errors/codes.js'
import { ProtocolError } from '../errors/protocol-error.js'
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from '../jsonrpc/types.js'
import { isBatch } from '../jsonrpc/codec.js'
import { META_PROTOCOL_VERSION } from '../protocol/meta.js'
import { CANCELLED } from '../protocol/methods.js'
import { LEGACY, supportsBatch } from '../protocol/versions.js'
import type { ServerCore } from './core.js'
import {
  accepted,
  createScope,
  errorResult,
  handleInbound,
  type HandleOptions,
  type HandleResult,
  nothing,
  refuse,
  runRequest,
} from './handle.js'
import { initialize } from './methods/lifecycle.js'
import type { ServerSession } from './session.js'

/**
 * A request without modern `_meta` (2024-11-05 … 2025-11-25): `initialize` opens a session, anything else
 * belongs to the given one. The legacy era's part of `handleInbound`, installed by servers that speak it.
 */
export function handleLegacy(
  core: ServerCore,
  request: JsonRpcRequest,
  options: HandleOptions,
): HandleResult | Promise<HandleResult> {
  let session = options.session
  const { id, method } = request
  if (method === 'initialize') {
    if (session?.initialized) return refuse('session is already initialized', id, LEGACY)
    session ??= options.createSession ? options.createSession() : core.audience!.createSession()
    if (!session) return refuse('initialize needs a session', id, LEGACY)
    const result = initialize(createScope(core, request, options, session), session)
    return { body: { jsonrpc: '2.0', id, result }, status: 200, session, era: LEGACY }
  }
  if (!session) {
    const e = new ProtocolError(
      INVALID_REQUEST,
      `Bad Request: no session. Send initialize first (legacy revisions) or name the protocol version in _meta["${META_PROTOCOL_VERSION}"] (2026-07-28)`,
    )
    return errorResult(e, id, undefined, 400)
  }
  if (!session.initialized && method !== 'ping')
    return refuse(`session is not initialized: send initialize before ${method}`, id, LEGACY)
  session.lastActivity = Date.now()
  return runRequest(createScope(core, request, options, session), session)
}

/** A JSON-RPC batch: legal on a 2025-03-26 session only; each element is handled as a message of its own. */
export async function handleBatch(
  core: ServerCore,
  values: unknown[],
  options: HandleOptions,
): Promise<HandleResult> {
  const version = options.session?.protocolVersion
  if (!supportsBatch(version))
    return refuse(
      `JSON-RPC batches are not supported on protocol version ${version ?? 'unknown'}`,
      null,
      LEGACY,
    )
  if (values.length === 0) return refuse('empty batch', null, LEGACY)
  // Each element is one message: a nested array is an invalid request, never another batch (JSON-RPC 2.0 §6).
  // `initialize` may not travel in a batch (2025-03-26 basic/lifecycle): no session for it there.
  const results = await Promise.all(
    values.map((v) =>
      isBatch(v)
        ? refuse('a batch element must be a message, not a batch', null, LEGACY)
        : handleInbound(core, v, { ...options, createSession: nothing }),
    ),
  )
  const responses = results.flatMap((r) => r.body ?? [])
  return responses.length > 0 ? { body: responses, status: 200, era: LEGACY } : accepted(LEGACY)
}

/**
 * A response or a notification that arrived on a session (or connection): a response settles the
 * server→client request it answers (false when none waits for it); `notifications/cancelled` aborts the
 * request it names (basic/utilities/cancellation), which then gets no response. Other notifications need
 * nothing.
 */
export function receiveOnSession(
  session: ServerSession,
  message: JsonRpcResponse | JsonRpcNotification,
): boolean {
  if (!('method' in message)) return session.resolve(message)
  const params = message.params ?? {}
  const inflight =
    message.method === CANCELLED ? session.inflight.get(params.requestId as RequestId) : undefined
  if (inflight) {
    inflight.cancelledByClient = true
    inflight.abort(new Error(typeof params.reason === 'string' ? params.reason : 'cancelled'))
  }
  return true
}
