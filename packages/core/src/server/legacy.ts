import { INVALID_REQUEST } from '../errors/codes.js'
import { ProtocolError } from '../errors/protocol-error.js'
import type { JsonRpcRequest } from '../jsonrpc/types.js'
import { META_PROTOCOL_VERSION } from '../protocol/meta.js'
import { LEGACY } from '../protocol/versions.js'
import type { ServerCore } from './core.js'
import {
  createScope,
  errorResult,
  type HandleOptions,
  type HandleResult,
  refuse,
  runRequest,
} from './handle.js'
import { initialize } from './methods/lifecycle.js'

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
    session ??= options.createSession ? options.createSession() : core.createSession()
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
