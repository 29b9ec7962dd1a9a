import { decodeMessage, isBatch, readId } from '../jsonrpc/codec.js'
import type { JsonRpcMessage, JsonRpcRequest, JsonRpcResponse } from '../jsonrpc/types.js'
import { ErrorCode } from '../errors/codes.js'
import { httpStatusFor } from '../errors/http-status.js'
import { toProtocolError } from '../errors/normalize.js'
import {
  invalidParams,
  invalidRequest,
  ProtocolError,
  UnsupportedProtocolVersionError,
} from '../errors/protocol-error.js'
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  readMeta,
} from '../protocol/meta.js'
import { isModernVersion, SUPPORTED_VERSIONS, supportsBatch } from '../protocol/versions.js'
import type { RequestScope, ServerCore } from './core.js'
import { dispatch } from './dispatch.js'
import { initialize } from './methods/lifecycle.js'
import { type AbortSignalLike, RequestAbort } from './request-abort.js'
import type { Outbound, ServerSession } from './session.js'
import { LOGGING_LEVELS, type Implementation, type JsonObject, type LoggingLevel } from './types.js'

export interface HandleOptions {
  /** The legacy session (or connection) this message arrived on. */
  session?: ServerSession | undefined
  /** Where messages related to a request go (its SSE stream); defaults to the session's standalone channel. */
  emit?: Outbound | undefined
  /** Aborts the handlers when the client goes away. */
  signal?: AbortSignalLike | undefined
  /** The verified principal from an auth layer, handed to handlers. */
  authInfo?: unknown
  /** A stable principal id: binds MRTR state and sessions to whoever created them. */
  principal?: string | undefined
  /**
   * The era the transport already knows from its headers (e.g. `MCP-Protocol-Version: 2026-07-28`). A request
   * of a known modern era that lacks the `_meta` fields is malformed (-32602, HTTP 400) rather than legacy.
   */
  era?: 'legacy' | 'modern' | undefined
  /** Makes the session for an `initialize` that arrives without one. */
  createSession?: (() => ServerSession) | undefined
}

export interface HandleResult {
  /** The reply: one response, an array for a batch, or undefined when nothing is owed (HTTP 202). */
  body: JsonRpcResponse | JsonRpcResponse[] | undefined
  /** The HTTP status a transport should answer with. */
  status: number
  /** Set when this message opened a legacy session (initialize). */
  session?: ServerSession
  era: 'legacy' | 'modern' | undefined
}

const noop: Outbound = () => {}

/**
 * The single entry point for inbound messages of both eras (2026-07-28 basic/versioning "Backward
 * Compatibility"): a request with modern `_meta` is served statelessly; `initialize` opens a legacy session;
 * anything else belongs to the given session. Never throws: every failure becomes a JSON-RPC error.
 */
export async function handleInbound(
  core: ServerCore,
  value: unknown,
  options: HandleOptions,
): Promise<HandleResult> {
  if (isBatch(value)) return handleBatch(core, value, options)
  try {
    return await handleOne(core, value, options)
  } catch (e) {
    const error = toProtocolError(e)
    return errorResult(error, readId(value), undefined)
  }
}

function errorResult(
  error: ProtocolError,
  id: string | number | null,
  era: HandleResult['era'],
): HandleResult {
  return { body: error.toResponse(id), status: httpStatusFor(error), era }
}

async function handleBatch(
  core: ServerCore,
  values: unknown[],
  options: HandleOptions,
): Promise<HandleResult> {
  const version = options.session?.protocolVersion
  if (!supportsBatch(version))
    return errorResult(
      invalidRequest(`JSON-RPC batches are not supported on protocol version ${version ?? 'unknown'}`),
      null,
      'legacy',
    )
  if (values.length === 0) return errorResult(invalidRequest('empty batch'), null, 'legacy')
  // Each element is one message: a nested array is an invalid request, never another batch (JSON-RPC 2.0 §6).
  const results = await Promise.all(
    values.map((v) =>
      isBatch(v)
        ? errorResult(invalidRequest('a batch element must be a message, not a batch'), null, 'legacy')
        : handleInbound(core, v, { ...options, createSession: undefined }),
    ),
  )
  const responses = results.flatMap((r) =>
    r.body === undefined ? [] : Array.isArray(r.body) ? r.body : [r.body],
  )
  return {
    body: responses.length > 0 ? responses : undefined,
    status: responses.length > 0 ? 200 : 202,
    era: 'legacy',
  }
}

async function handleOne(core: ServerCore, value: unknown, options: HandleOptions): Promise<HandleResult> {
  const decoded = decodeMessage(value)
  if (!decoded.ok) return errorResult(decoded.error, decoded.id, undefined)
  const message = decoded.message
  const session = options.session
  if (!('method' in message)) {
    // A response: legal only as the answer to a server→client request of a legacy session.
    if (session?.resolve(message)) return { body: undefined, status: 202, era: 'legacy' }
    return errorResult(
      invalidRequest('unexpected response: no request of this server is waiting for it'),
      null,
      undefined,
    )
  }
  const meta = readMeta(message.params)
  const modernVersion = meta?.['io.modelcontextprotocol/protocolVersion']
  if (modernVersion !== undefined && !('id' in message))
    return handleNotification(message.method, message.params ?? {}, session)
  if (modernVersion !== undefined || (options.era === 'modern' && 'id' in message))
    return handleModern(core, message as JsonRpcRequest, meta ?? {}, options)
  if (!('id' in message)) return handleNotification(message.method, message.params ?? {}, session)
  return handleLegacy(core, message, options)
}

function handleNotification(
  method: string,
  params: JsonObject,
  session: ServerSession | undefined,
): HandleResult {
  if (method === 'notifications/cancelled') {
    const id = params.requestId
    const inflight =
      (typeof id === 'string' || typeof id === 'number') && session ? session.inflight.get(id) : undefined
    if (inflight) {
      inflight.cancelledByClient = true
      inflight.abort(new Error(typeof params.reason === 'string' ? params.reason : 'cancelled'))
    }
  }
  // notifications/initialized, roots/list_changed, progress and unknown notifications need no answer.
  return { body: undefined, status: 202, era: session ? 'legacy' : undefined }
}

async function handleModern(
  core: ServerCore,
  request: JsonRpcRequest,
  meta: JsonObject,
  options: HandleOptions,
): Promise<HandleResult> {
  const version = meta['io.modelcontextprotocol/protocolVersion']
  if (version === undefined) {
    const e = invalidParams('is required', `_meta.${META_PROTOCOL_VERSION}`)
    return errorResult(new ProtocolError(e.code, e.message, e.data, 400), request.id, 'modern')
  }
  if (typeof version !== 'string' || !isModernVersion(version))
    return errorResult(new UnsupportedProtocolVersionError(version, SUPPORTED_VERSIONS), request.id, 'modern')
  const caps = meta[META_CLIENT_CAPABILITIES]
  if (typeof caps !== 'object' || caps === null || Array.isArray(caps)) {
    const e = invalidParams('is required and must be an object', `_meta.${META_CLIENT_CAPABILITIES}`)
    return errorResult(new ProtocolError(e.code, e.message, e.data, 400), request.id, 'modern')
  }
  const level = meta[META_LOG_LEVEL]
  if (level !== undefined && !LOGGING_LEVELS.includes(level as LoggingLevel))
    return errorResult(
      invalidParams(`must be one of ${LOGGING_LEVELS.join(', ')}`, `_meta.${META_LOG_LEVEL}`),
      request.id,
      'modern',
    )
  const scope: RequestScope = {
    core,
    request,
    params: request.params ?? {},
    era: 'modern',
    protocolVersion: version,
    clientCapabilities: caps as JsonObject,
    clientInfo: meta[META_CLIENT_INFO] as Implementation | undefined,
    logLevel: level === undefined ? null : (level as LoggingLevel),
    session: undefined,
    emit: options.emit ?? noop,
    abort: newAbort(options),
    authInfo: options.authInfo,
    principal: options.principal,
    inputs: undefined,
  }
  // On a shared connection (stdio, in-memory) ids are unique per sender, so notifications/cancelled works.
  return runRequest(scope, options.session, 'modern')
}

async function handleLegacy(
  core: ServerCore,
  request: JsonRpcRequest,
  options: HandleOptions,
): Promise<HandleResult> {
  let session = options.session
  if (request.method === 'initialize') {
    if (session?.initialized)
      return errorResult(invalidRequest('session is already initialized'), request.id, 'legacy')
    session ??= options.createSession?.()
    if (!session) return errorResult(invalidRequest('initialize needs a session'), request.id, 'legacy')
    const scope = legacyScope(core, request, session, options)
    const result = initialize(scope, session)
    return { body: { jsonrpc: '2.0', id: request.id, result }, status: 200, session, era: 'legacy' }
  }
  if (!session) {
    const e = new ProtocolError(
      ErrorCode.InvalidRequest,
      'Bad Request: no session. Send initialize first (legacy revisions) or name the protocol version in _meta["io.modelcontextprotocol/protocolVersion"] (2026-07-28)',
      undefined,
      400,
    )
    return errorResult(e, request.id, undefined)
  }
  if (!session.initialized && request.method !== 'ping')
    return errorResult(
      invalidRequest(`session is not initialized: send initialize before ${request.method}`),
      request.id,
      'legacy',
    )
  session.lastActivity = Date.now()
  return runRequest(legacyScope(core, request, session, options), session, 'legacy')
}

function newAbort(options: HandleOptions): RequestAbort {
  return new RequestAbort([options.signal])
}

function legacyScope(
  core: ServerCore,
  request: JsonRpcRequest,
  session: ServerSession,
  options: HandleOptions,
): RequestScope {
  return {
    core,
    request,
    params: request.params ?? {},
    era: 'legacy',
    protocolVersion: session.protocolVersion ?? '2025-03-26',
    clientCapabilities: session.clientCapabilities,
    clientInfo: session.clientInfo,
    logLevel: undefined,
    session,
    emit: options.emit ?? ((m: JsonRpcMessage) => session.notify(m as never).then(() => {})),
    abort: newAbort(options),
    authInfo: options.authInfo,
    principal: options.principal,
    inputs: undefined,
  }
}

async function runRequest(
  scope: RequestScope,
  registerIn: ServerSession | undefined,
  era: 'legacy' | 'modern',
): Promise<HandleResult> {
  const id = scope.request.id
  const abort = scope.abort
  registerIn?.inflight.set(id, abort)
  scope.core.inflight.add(abort)
  try {
    const result = await dispatch(scope)
    // basic/utilities/cancellation: a cancelled request gets no response.
    if (abort.cancelledByClient) return { body: undefined, status: 202, era }
    return { body: { jsonrpc: '2.0', id, result }, status: 200, era }
  } catch (e) {
    if (abort.cancelledByClient) return { body: undefined, status: 202, era }
    const error = toProtocolError(e)
    // 2026-07-28 streamable-http: an unknown method is HTTP 404 with -32601.
    if (era === 'modern' && error.code === ErrorCode.MethodNotFound)
      return { body: error.toResponse(id), status: 404, era }
    return errorResult(error, id, era)
  } finally {
    if (registerIn?.inflight.get(id) === abort) registerIn.inflight.delete(id)
    scope.core.inflight.delete(abort)
    abort.dispose()
  }
}
