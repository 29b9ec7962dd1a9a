import type { JsonRpcRequest, RequestId } from '../jsonrpc/types.js'
import { addToStack, runChain, sendWithMeta } from '../middleware-chain.js'
import type { Registration } from '../server/registry.js'
import type { McpClient } from './mcp-client.js'
import type { ClientTransport, Era, InputContext, JsonObject } from './types.js'

/**
 * One outbound request as client middleware sees it, before it is sent. `params` is the object that goes on
 * the wire and `params._meta` is always an object: middleware may add fields to it (a trace context); an
 * `_meta` still empty when the request is sent is left out.
 */
export interface OutboundCall {
  readonly method: string
  readonly id: RequestId
  readonly params: JsonObject & { _meta: JsonObject }
  readonly era: Era
  /** The version the request speaks (the negotiated one, or the probe's). */
  readonly protocolVersion: string | undefined
  /**
   * The legacy session's id (`Mcp-Session-Id`) as the transport knows it when read: an `initialize`'s once
   * `next()` has resolved. Undefined for the modern era and transports without sessions.
   */
  readonly sessionId: string | undefined
  /** Settles when the client's connection ends (`close()`, or the transport closed). */
  readonly closed: Promise<void>
}

/**
 * Runs around every outbound request of a client (`useClientMiddleware`): `next()` sends it and resolves to
 * its result, or rejects with the `ProtocolError` the server answered or a local error (timeout,
 * cancellation, transport). Each MRTR round and each request of the era probe is a request of its own.
 */
export type ClientMiddleware = ((
  call: OutboundCall,
  next: () => Promise<JsonObject>,
) => Promise<JsonObject>) & {
  /**
   * Runs around the client's handling of each request its server sends it (a legacy session's
   * `elicitation/create`, `sampling/createMessage`, `roots/list`). `useClientMiddleware` installs it with
   * the middleware.
   */
  readonly inbound?: ClientInboundMiddleware | undefined
}

/** A request the server sent the client, as client middleware's `inbound` sees it before its handler runs. */
export interface ClientInboundCall {
  readonly method: string
  readonly id: RequestId
  /** The request's params as they arrived (`_meta` included): read them, do not change them. */
  readonly params: JsonObject
  readonly era: Era
  readonly protocolVersion: string | undefined
  /** The legacy session's id (`Mcp-Session-Id`), if the transport has one. */
  readonly sessionId: string | undefined
}

/**
 * Runs around the handler of a request the server sent (`ClientMiddleware.inbound`): `next()` runs it and
 * resolves to the result the client answers with, or rejects with the error it answers with. Throw to
 * answer with an error of your own (a `ProtocolError` keeps its code).
 */
export type ClientInboundMiddleware = (
  call: ClientInboundCall,
  next: () => Promise<JsonObject>,
) => Promise<JsonObject>

/** What the client engine calls in place of a server→client request's handler (`ClientCore.interceptAnswer`). */
export type AnswerIntercept = (
  run: () => Promise<JsonObject>,
  request: JsonRpcRequest,
  ctx: InputContext,
) => Promise<JsonObject>

/**
 * What the client engine calls in place of sending a request when it has middleware (`ClientCore.intercept`):
 * positional, so the engine's one hook stays a few bytes.
 */
export type ClientIntercept = (
  send: () => Promise<JsonObject>,
  method: string,
  id: RequestId,
  params: JsonObject,
  era: Era,
  version: string | undefined,
) => Promise<JsonObject>

/** What of the client engine this module reads and sets (protected members, for the one hook). */
interface Hooked {
  intercept: ClientIntercept | undefined
  interceptAnswer: AnswerIntercept | undefined
  readonly transport: ClientTransport | undefined
  readonly protocolVersion: string | undefined
  readonly whenClosed: Promise<void>
}

/**
 * Adds middleware around every outbound request of `client`, after the middleware added
 * before it (the first added runs outermost); a middleware's `inbound` part runs around the handlers of the
 * requests the server sends. Add it before `connect()` to see the handshake (the era probe, `initialize`).
 * `remove()` takes it out again. A client without middleware runs none of this.
 */
export function useClientMiddleware(client: McpClient, ...middleware: ClientMiddleware[]): Registration {
  const hooked = client as unknown as Hooked
  return addToStack(client, middleware, (stack) => {
    hooked.intercept = compose(hooked, stack)
    hooked.interceptAnswer = composeInbound(hooked, stack)
  })
}

function compose(client: Hooked, list: readonly ClientMiddleware[]): ClientIntercept | undefined {
  if (list.length === 0) return undefined
  return (send, method, id, params, era, version) => {
    params._meta ??= {}
    const meta = params._meta as JsonObject
    const transport = client.transport
    const call: OutboundCall = {
      method,
      id,
      params: params as OutboundCall['params'],
      era,
      protocolVersion: version ?? client.protocolVersion,
      get sessionId() {
        return era === 'legacy' ? transport?.sessionId : undefined
      },
      closed: client.whenClosed,
    }
    return runChain(list, call, () => sendWithMeta(params, meta, send))
  }
}

function composeInbound(client: Hooked, list: readonly ClientMiddleware[]): AnswerIntercept | undefined {
  const inbound = list.flatMap((mw) => mw.inbound ?? [])
  if (!inbound[0]) return undefined
  return (run, request, ctx) => {
    const transport = client.transport
    const call: ClientInboundCall = {
      method: request.method,
      id: request.id,
      params: request.params ?? {},
      era: ctx.era,
      protocolVersion: ctx.protocolVersion || undefined,
      get sessionId() {
        return ctx.era === 'legacy' ? transport?.sessionId : undefined
      },
    }
    return runChain(inbound, call, run)
  }
}
