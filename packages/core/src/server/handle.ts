import { decodeMessage, isBatch, readId } from '../jsonrpc/codec.js'
import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  RequestId,
} from '../jsonrpc/types.js'
import { METHOD_NOT_FOUND } from '../errors/codes.js'
import { httpStatusFor } from '../errors/http-status.js'
import { toProtocolError } from '../errors/normalize.js'
import {
  invalidParams,
  invalidRequest,
  type ProtocolError,
  UnsupportedProtocolVersionError,
} from '../errors/protocol-error.js'
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  readMeta,
} from '../protocol/meta.js'
import { isModernVersion, LEGACY, MODERN, SUPPORTED_VERSIONS, V2025_03_26 } from '../protocol/versions.js'
import type { RequestScope, ServerCore } from './core.js'
import { dispatch } from './dispatch.js'
import { type AbortSignalLike, RequestAbort } from './request-abort.js'
import type { Outbound, ServerSession } from './session.js'
import {
  type Implementation,
  isLoggingLevel,
  type JsonObject,
  type LoggingLevel,
  loggingLevelsExpected,
} from './types.js'
import { isObject } from '../protocol/json.js'
import { MAX_PROGRESS_TOKEN_LENGTH } from '../protocol/limits.js'

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
   * Who sent the request when there is no principal, as the transport tells clients apart (their address;
   * see `clientAddress` of @edgemcp/streamable-http): what a request makes the server keep (a task) counts
   * against this client's budget instead of one budget shared by every anonymous client.
   */
  client?: string | undefined
  /**
   * The era the transport already knows from its headers (e.g. `MCP-Protocol-Version: 2026-07-28`). A request
   * of a known modern era that lacks the `_meta` fields is malformed (-32602, HTTP 400) rather than legacy.
   */
  era?: 'legacy' | 'modern' | undefined
  /**
   * Makes the session for an `initialize` that arrives without one (default: a new tracked session);
   * returning undefined refuses it.
   */
  createSession?: (() => ServerSession | undefined) | undefined
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

/** The channel of a request with nowhere to send messages, and the session maker of a batch element. */
export const nothing = () => undefined

/** The answer when no response is owed (a notification, a client response, a cancelled request): HTTP 202. */
export const accepted = (era: HandleResult['era']): HandleResult => ({ body: undefined, status: 202, era })

/**
 * The single entry point for inbound messages of both eras (2026-07-28 basic/versioning "Backward
 * Compatibility"): a request with modern `_meta` is served statelessly; `initialize` opens a legacy session;
 * anything else belongs to the given session. Never throws: every failure becomes a JSON-RPC error. The
 * answer itself when it is known at once (a synchronous tool, a cached list): the servers' `handle()` wraps it
 * in a promise, a transport may take it as it is (`handleNow`).
 */
export function handleInbound(
  core: ServerCore,
  value: unknown,
  options: HandleOptions,
): HandleResult | Promise<HandleResult> {
  if (isBatch(value)) return core.features.batch(core, value, options)
  try {
    // Middleware (`useMiddleware`, @edgemcp/core/middleware) handles the message in its place when installed.
    const r = (core.handle ?? handleOne)(core, value, options)
    return r instanceof Promise ? r.catch((e: unknown) => failed(e, value)) : r
  } catch (e) {
    return failed(e, value)
  }
}

/** A failure that escaped the method's own handling, as the JSON-RPC error answering `value`. */
const failed = (e: unknown, value: unknown): HandleResult =>
  errorResult(toProtocolError(e), readId(value), undefined)

export function errorResult(
  error: ProtocolError,
  id: RequestId | null,
  era: HandleResult['era'],
  status = httpStatusFor(error),
): HandleResult {
  return { body: error.toResponse(id), status, era }
}

/** An invalid request (-32600) answering `id`. */
export const refuse = (detail: string, id: RequestId | null, era: HandleResult['era']) =>
  errorResult(invalidRequest(detail), id, era)

/** A malformed `_meta` field: it rejects the HTTP request as a whole (400) when `status` says so. */
const badMeta = (detail: string, key: string, id: RequestId, status?: number) =>
  errorResult(invalidParams(detail, `_meta.${key}`), id, MODERN, status)

/** One message (not a batch) of either era; what `ServerCore.handle` wraps. */
export function handleOne(
  core: ServerCore,
  value: unknown,
  options: HandleOptions,
): HandleResult | Promise<HandleResult> {
  const decoded = decodeMessage(value)
  if (!decoded.ok) return errorResult(decoded.error, decoded.id, undefined)
  const message = decoded.message
  if (!('method' in message) || !('id' in message)) {
    // A response is legal only as the answer to a server→client request of a legacy session; a notification
    // (initialized, roots/list_changed, progress, cancelled, unknown ones) needs no answer.
    const session = options.session
    if (session && core.features.legacy?.receive(session, message)) return accepted(LEGACY)
    return 'method' in message
      ? accepted(undefined)
      : refuse('unexpected response: no request of this server is waiting for it', null, undefined)
  }
  const meta = readMeta(message.params)
  const tokenProblem = meta && progressTokenProblem(meta.progressToken)
  if (tokenProblem)
    return errorResult(invalidParams(tokenProblem, '_meta.progressToken'), message.id, undefined)
  if (meta?.[META_PROTOCOL_VERSION] !== undefined || options.era === MODERN)
    return handleModern(core, message, meta ?? {}, options)
  return core.features.legacyRequest(core, message, options)
}

/**
 * What is wrong with a request's `_meta.progressToken` (a string or a number, basic/utilities/progress), if
 * anything: every progress notification repeats it, so a string token is bounded like an id.
 */
function progressTokenProblem(token: unknown): string | undefined {
  if (token === undefined || (typeof token === 'number' && Number.isFinite(token))) return undefined
  if (typeof token === 'string')
    return token.length <= MAX_PROGRESS_TOKEN_LENGTH
      ? undefined
      : `must be at most ${MAX_PROGRESS_TOKEN_LENGTH} characters`
  return 'must be a string or a number'
}

function handleModern(
  core: ServerCore,
  request: JsonRpcRequest,
  meta: JsonObject,
  options: HandleOptions,
): HandleResult | Promise<HandleResult> {
  const { id } = request
  const version = meta[META_PROTOCOL_VERSION]
  if (version === undefined) return badMeta('is required', META_PROTOCOL_VERSION, id, 400)
  if (!isModernVersion(version))
    return errorResult(new UnsupportedProtocolVersionError(version, SUPPORTED_VERSIONS), id, MODERN)
  const caps = meta[META_CLIENT_CAPABILITIES]
  if (!isObject(caps)) return badMeta('is required and must be an object', META_CLIENT_CAPABILITIES, id, 400)
  const level = meta[META_LOG_LEVEL]
  if (level !== undefined && !isLoggingLevel(level))
    return badMeta(loggingLevelsExpected(), META_LOG_LEVEL, id)
  const scope = createScope(core, request, options, undefined, {
    protocolVersion: version,
    clientCapabilities: caps,
    clientInfo: meta[META_CLIENT_INFO] as Implementation | undefined,
    logLevel: level ?? null,
  })
  // On a shared connection (stdio, in-memory) ids are unique per sender, so notifications/cancelled works.
  return runRequest(scope, options.session)
}

/** What a 2026-07-28 request says about its client in `_meta` (a legacy session knows it from `initialize`). */
interface RequestMeta {
  protocolVersion: string
  clientCapabilities: JsonObject
  clientInfo: Implementation | undefined
  logLevel: LoggingLevel | null
}

/**
 * Everything known about a request; the era follows from whether it belongs to a legacy session, whose
 * negotiated version, client capabilities and client info it takes. A modern request brings them in `meta`.
 */
export function createScope(
  core: ServerCore,
  request: JsonRpcRequest,
  options: HandleOptions,
  session: ServerSession | undefined,
  meta?: RequestMeta,
): RequestScope {
  const protocolVersion = meta?.protocolVersion ?? session?.protocolVersion ?? V2025_03_26
  const clientCapabilities = meta?.clientCapabilities ?? session?.clientCapabilities ?? {}
  const clientInfo = meta === undefined ? session?.clientInfo : meta.clientInfo
  const logLevel = meta?.logLevel
  return {
    core,
    request,
    params: request.params ?? {},
    era: session ? LEGACY : MODERN,
    protocolVersion,
    clientCapabilities,
    clientInfo,
    logLevel,
    session,
    emit:
      options.emit ??
      (session
        ? async (m: JsonRpcMessage) => {
            await session.notify(m as JsonRpcNotification)
          }
        : nothing),
    abort: new RequestAbort(options.signal),
    authInfo: options.authInfo,
    principal: options.principal,
    client: options.client,
    inputs: undefined,
  }
}

/**
 * Runs a request registered in flight (in `registerIn`, a legacy session or a connection, and in the server)
 * and answers it. Synchronous when its method is (see `dispatch`): no promise is made where none is needed.
 * Issue 30, tools/call in a legacy session: 190,840 -> 186,100 instructions per request against an async
 * function awaiting `dispatch` (callgrind, `tools/bench/src/instructions.mjs --only edgemcp-serve --workloads b
 * --requests 10000`, 2026-12-07).
 */
export function runRequest(
  scope: RequestScope,
  registerIn: ServerSession | undefined,
): HandleResult | Promise<HandleResult> {
  const { request, abort, era, core } = scope
  const id = request.id
  const entry = registerIn?.inflight.add(id, abort)
  core.inflight.add(abort)
  /** The answer to the method's `result` (an object), or to its failure. */
  const answer = (result: JsonObject | undefined, failure?: unknown): HandleResult => {
    if (entry) registerIn?.inflight.remove(entry)
    core.inflight.delete(abort)
    abort.dispose()
    // basic/utilities/cancellation: a cancelled request gets no response.
    if (abort.cancelledByClient) return accepted(era)
    if (result) return { body: { jsonrpc: '2.0', id, result }, status: 200, era }
    const error = toProtocolError(failure)
    // 2026-07-28 streamable-http: an unknown method is HTTP 404 with -32601.
    return errorResult(error, id, era, era === MODERN && error.code === METHOD_NOT_FOUND ? 404 : undefined)
  }
  try {
    const result = dispatch(scope)
    return result instanceof Promise
      ? result.then(answer, (e: unknown) => answer(undefined, e))
      : answer(result)
  } catch (e) {
    return answer(undefined, e)
  }
}
