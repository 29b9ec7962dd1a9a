import { decodeMessage } from '../jsonrpc/codec.js'
import { runChain, sendWithMeta } from '../middleware-chain.js'
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../jsonrpc/types.js'
import { toProtocolError } from '../errors/normalize.js'
import { fromErrorObject } from '../errors/protocol-error.js'
import { META_CLIENT_INFO, META_PROTOCOL_VERSION, readMeta } from '../protocol/meta.js'
import { LEGACY, MODERN } from '../protocol/versions.js'
import type { RequestScope, ServerCore } from './core.js'
import { accepted, errorResult, type HandleOptions, type HandleResult, handleOne } from './handle.js'
import type { ServerSession, SessionRequestOptions } from './session.js'
import type { Implementation, JsonObject } from './types.js'

/**
 * One inbound message as middleware sees it: a request (with its `id`) or a notification, what is known of
 * its era, session and caller. `params` is the message's own object (its `_meta` included): read it, do not
 * change it. An `initialize` opens its session while it runs: `sessionId`, `onSessionClose` and `clientInfo`
 * are read from it once `next()` has resolved.
 */
export interface InboundCall {
  readonly kind: 'request' | 'notification'
  readonly method: string
  readonly params: JsonObject
  /** The JSON-RPC id of a request; undefined for a notification. */
  readonly id: RequestId | undefined
  /**
   * `modern` (2026-07-28, stateless: `_meta` names its version), `legacy` (`initialize`, a session's message or
   * another request without modern `_meta`), undefined for a notification outside a session.
   */
  readonly era: 'legacy' | 'modern' | undefined
  /**
   * The request's protocol version: the one its `_meta` names (modern), the session's negotiated one
   * (legacy); undefined for an `initialize` (its params ask for one, its result names the one agreed).
   */
  readonly protocolVersion: string | undefined
  /** The legacy session's id (`Mcp-Session-Id`), if the message belongs to one. */
  readonly sessionId: string | undefined
  /**
   * Calls `listener` once when the message's legacy session ends here (DELETE, expiry, the server's close);
   * returns what removes it. Undefined outside a session. A session restored from a snapshot on another
   * isolate ends there, not here.
   */
  readonly onSessionClose: ((listener: () => void) => () => void) | undefined
  /** What the transport's auth layer verified (`HandleOptions.authInfo`). */
  readonly authInfo: unknown
  /** The client's `clientInfo`: from a modern request's `_meta`, else from the session's `initialize`. */
  readonly clientInfo: Implementation | undefined
}

/**
 * Runs around every inbound request and notification of a server: call `next()` to go on. It resolves to the
 * request's result (`undefined` for a notification, or a request the client cancelled) and rejects with the
 * `ProtocolError` the client will receive (an internal error names the correlation id under which the server
 * logged what the handler threw). Return its result, or throw to answer with an error of your own instead
 * (a `ProtocolError` keeps its code; anything else is an internal error). Added by `useMiddleware`.
 */
export type ServerMiddleware = ((
  call: InboundCall,
  next: () => Promise<JsonObject | undefined>,
) => Promise<JsonObject | undefined>) & {
  /**
   * Runs around each request the server sends to its client while a handler runs in a legacy session
   * (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`: `elicitation/create`, `sampling/createMessage`,
   * `roots/list`), in the handler's async context. `useMiddleware` installs it with the middleware.
   */
  readonly outbound?: ServerOutboundMiddleware | undefined
}

/**
 * A request a legacy handler sends its client, as server middleware's `outbound` sees it before it is sent.
 * `params` is the object that goes on the wire; middleware may add fields to its `_meta` (a trace context).
 */
export interface ServerOutboundCall {
  readonly method: string
  readonly params: JsonObject & { _meta: JsonObject }
  /** The JSON-RPC id the session gives the request: known once it is sent (after `next()` was called). */
  readonly id: RequestId | undefined
  /** The session's negotiated version. */
  readonly protocolVersion: string
  /** The legacy session's id (`Mcp-Session-Id`). */
  readonly sessionId: string
}

/**
 * Runs around a request the server sends its client (`ServerMiddleware.outbound`): `next()` sends it and
 * resolves to the client's result, or rejects with the client's `ProtocolError` or a local error (timeout,
 * cancellation, a closed session).
 */
export type ServerOutboundMiddleware = (
  call: ServerOutboundCall,
  next: () => Promise<JsonObject>,
) => Promise<JsonObject>

/** What the engine calls in place of sending a legacy handler's request to its client (`ServerCore.ask`). */
export type AskIntercept = (
  send: () => Promise<JsonObject>,
  scope: RequestScope,
  method: string,
  params: JsonObject,
  options: SessionRequestOptions,
) => Promise<JsonObject>

/** Composes the `outbound` parts of `list`, outermost first; undefined when none has one. */
export function composeOutbound(list: readonly ServerMiddleware[]): AskIntercept | undefined {
  const outbound = list.flatMap((mw) => mw.outbound ?? [])
  if (!outbound[0]) return undefined
  return (send, scope, method, params, options) => {
    // The handler's own `_meta` object stays as it was.
    const meta: JsonObject = { ...(params._meta as JsonObject | undefined) }
    params._meta = meta
    const call = {
      method,
      params,
      id: undefined as RequestId | undefined,
      protocolVersion: scope.protocolVersion,
      sessionId: scope.session!.id,
    } as ServerOutboundCall
    // The session numbers the request as it hands it to the channel (a legacy scope always has one).
    const via = options.via!
    options.via = (message) => {
      if ('method' in message && 'id' in message) (call as { id: RequestId }).id = message.id
      return via(message)
    }
    return runChain(outbound, call, () => sendWithMeta(params, meta, send))
  }
}

/**
 * The composed middleware of a server as the engine keeps it (`ServerCore.handle`): it handles one
 * decoded-or-not message in place of `handleOne`. Everything middleware needs lives in this module, imported
 * only by `useMiddleware` (`@edgemcp/core/middleware`), so a server without middleware carries none of it.
 */
export type Intercept = (
  core: ServerCore,
  value: unknown,
  options: HandleOptions,
) => HandleResult | Promise<HandleResult>

/** Composes `list` outermost first into what the engine calls instead of `handleOne`. */
export function composeMiddleware(list: readonly ServerMiddleware[]): Intercept | undefined {
  if (list.length === 0) return undefined
  return (core, value, options) => {
    const decoded = decodeMessage(value)
    // Malformed messages and responses (to a legacy session's server→client requests) pass by.
    if (!decoded.ok || !('method' in decoded.message)) return handleOne(core, value, options)
    const message = decoded.message
    let handled: HandleResult | undefined
    let failure: unknown
    const call = inboundCall(message, options, () => handled?.session)
    const run = async (): Promise<JsonObject | undefined> => {
      handled = await handleOne(core, value, options)
      const body = handled.body
      if (!body || Array.isArray(body)) return undefined
      if ('error' in body) {
        failure = fromErrorObject(body.error)
        throw failure
      }
      return body.result
    }
    const chain = runChain(list, call, run)
    if (!('id' in message)) {
      // A notification gets no answer, whatever the middleware does.
      const done = () => handled ?? accepted(call.era)
      return chain.then(done, done)
    }
    return chain.then(
      (result): HandleResult => {
        const body = handled?.body
        if (handled && (!body || (!Array.isArray(body) && 'result' in body && body.result === result)))
          return handled
        return { body: { jsonrpc: '2.0', id: message.id, result: result ?? {} }, status: 200, era: call.era }
      },
      (e: unknown) =>
        handled && e === failure ? handled : errorResult(toProtocolError(e), message.id, call.era),
    )
  }
}

function inboundCall(
  message: JsonRpcRequest | JsonRpcNotification,
  options: HandleOptions,
  opened: () => ServerSession | undefined,
): InboundCall {
  const params = message.params ?? {}
  const meta = readMeta(params)
  const version = meta?.[META_PROTOCOL_VERSION]
  const modern = version !== undefined || options.era === MODERN
  const isRequest = 'id' in message
  const session = () => options.session ?? opened()
  return {
    kind: isRequest ? 'request' : 'notification',
    method: message.method,
    params,
    id: isRequest ? message.id : undefined,
    era: modern ? MODERN : isRequest || options.session ? LEGACY : undefined,
    protocolVersion: modern
      ? typeof version === 'string'
        ? version
        : undefined
      : options.session?.protocolVersion,
    get sessionId() {
      return modern ? undefined : session()?.id
    },
    get onSessionClose() {
      const s = modern ? undefined : session()
      return s ? (listener: () => void) => s.onClose(listener) : undefined
    },
    authInfo: options.authInfo,
    get clientInfo() {
      return modern ? (meta?.[META_CLIENT_INFO] as Implementation | undefined) : session()?.clientInfo
    },
  }
}
