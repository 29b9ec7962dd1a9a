import { toProtocolError } from '../errors/normalize.js'
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../jsonrpc/types.js'
import { LEGACY } from '../protocol/versions.js'
import type { RequestScope, ServerCore } from './core.js'
import { accepted, errorResult, type HandleOptions, type HandleResult } from './handle.js'
import { initialize } from './methods/lifecycle.js'
import type { ServerSession } from './session.js'
import type { Implementation, JsonObject } from './types.js'

/**
 * One inbound message as middleware sees it: a request (with its `id`) or a notification, what is known of
 * its era, session and caller. `params` is the message's own object (its `_meta` included): read it, do not
 * change it.
 */
export interface InboundCall {
  readonly kind: 'request' | 'notification'
  readonly method: string
  readonly params: JsonObject
  /** The JSON-RPC id of a request; undefined for a notification. */
  readonly id: RequestId | undefined
  /** `modern` (2026-07-28, stateless) or `legacy` (a session's); undefined for a notification outside one. */
  readonly era: 'legacy' | 'modern' | undefined
  /** The request's protocol version (`_meta` of a modern request, the session's negotiated one otherwise). */
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
  readonly clientInfo: Implementation | undefined
}

/**
 * Runs around every inbound request and notification of a server: call `next()` to go on (it resolves to the
 * request's result, `undefined` for a notification, and rejects with the error the client will receive, a
 * `ProtocolError` or what the handler threw); return its result, or throw to answer with an error instead.
 * The seam for tracing, logging, rate limiting and audit (`useMiddleware`).
 */
export type ServerMiddleware = (
  call: InboundCall,
  next: () => Promise<JsonObject | undefined>,
) => Promise<JsonObject | undefined>

/** What the engine knows of a message when it hands it to middleware (a request's scope has all of it). */
export interface CallSource {
  request: JsonRpcRequest | JsonRpcNotification
  era: 'legacy' | 'modern' | undefined
  protocolVersion: string | undefined
  session: { readonly id: string; onClose(listener: () => void): () => void } | undefined
  authInfo: unknown
  clientInfo: Implementation | undefined
}

/**
 * The composed middleware of a server, as the engine keeps it (undefined when it has none). Everything the
 * engine does only for middleware lives here, so a server that never imports `useMiddleware` carries none of it.
 */
export interface Intercept {
  /** A request's handling, through the middleware. */
  request(
    source: CallSource,
    run: () => JsonObject | undefined | Promise<JsonObject | undefined>,
  ): Promise<JsonObject | undefined>
  /** A notification through the middleware; whatever the middleware throws, none is answered. */
  notification(core: ServerCore, message: JsonRpcNotification, options: HandleOptions): Promise<HandleResult>
  /** A legacy `initialize` through the middleware, opening `session`. */
  initialize(scope: RequestScope, id: RequestId, session: ServerSession): Promise<HandleResult>
}

/** Composes `list` outermost first into what the engine calls. */
export function composeMiddleware(list: readonly ServerMiddleware[]): Intercept | undefined {
  if (list.length === 0) return undefined
  const request: Intercept['request'] = (source, run) => {
    const call = inboundCall(source)
    const step = (i: number): Promise<JsonObject | undefined> => {
      const mw = list[i]
      if (!mw) return Promise.resolve().then(run)
      return mw(call, () => step(i + 1))
    }
    return step(0)
  }
  return {
    request,
    notification(core, message, options) {
      const { session } = options
      let era: HandleResult['era']
      const receive = () => {
        if (session && core.features.legacy?.receive(session, message)) era = LEGACY
        return undefined
      }
      const source: CallSource = {
        request: message,
        era: session ? LEGACY : undefined,
        protocolVersion: session?.protocolVersion,
        session,
        authInfo: options.authInfo,
        clientInfo: session?.clientInfo,
      }
      const done = () => accepted(era)
      return request(source, receive).then(done, done)
    },
    initialize(scope, id, session) {
      return request(scope, () => initialize(scope, session)).then(
        (result): HandleResult => ({
          body: { jsonrpc: '2.0', id, result: result ?? {} },
          status: 200,
          session,
          era: LEGACY,
        }),
        (e: unknown) => errorResult(toProtocolError(e), id, LEGACY),
      )
    },
  }
}

function inboundCall(source: CallSource): InboundCall {
  const { request, session } = source
  return {
    kind: 'id' in request ? 'request' : 'notification',
    method: request.method,
    params: request.params ?? {},
    id: 'id' in request ? request.id : undefined,
    era: source.era,
    protocolVersion: source.protocolVersion,
    sessionId: session?.id,
    onSessionClose: session ? (listener) => session.onClose(listener) : undefined,
    authInfo: source.authInfo,
    clientInfo: source.clientInfo,
  }
}
