import type { RequestId } from '../jsonrpc/types.js'
import type { Registration } from '../server/registry.js'
import type { McpClient } from './mcp-client.js'
import type { ClientTransport, Era, JsonObject } from './types.js'

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
export type ClientMiddleware = (call: OutboundCall, next: () => Promise<JsonObject>) => Promise<JsonObject>

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
  readonly transport: ClientTransport | undefined
  readonly protocolVersion: string | undefined
  readonly whenClosed: Promise<void>
}

const stacks = new WeakMap<object, ClientMiddleware[]>()

/**
 * Adds middleware around every outbound request of `client`, after the middleware added
 * before it (the first added runs outermost). Add it before `connect()` to see the handshake (the era probe,
 * `initialize`). `remove()` takes it out again. A client without middleware runs none of this.
 */
export function useClientMiddleware(client: McpClient, ...middleware: ClientMiddleware[]): Registration {
  const hooked = client as unknown as Hooked
  const stack = stacks.get(client) ?? []
  stacks.set(client, stack)
  stack.push(...middleware)
  hooked.intercept = compose(hooked, stack)
  return {
    remove: () => {
      for (const mw of middleware) {
        const i = stack.indexOf(mw)
        if (i >= 0) stack.splice(i, 1)
      }
      hooked.intercept = compose(hooked, stack)
    },
  }
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
    const step = (i: number): Promise<JsonObject> => {
      const mw = list[i]
      if (mw) return mw(call, () => step(i + 1))
      if (Object.keys(meta).length === 0) delete params._meta
      return send()
    }
    return step(0)
  }
}
