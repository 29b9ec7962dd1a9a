import type { RequestId } from '../jsonrpc/types.js'
import type { Era, JsonObject } from './types.js'

/**
 * One outbound request as client middleware sees it, before it is sent. `params` is the object that goes on
 * the wire and `params._meta` is always an object: middleware may add fields to it (a trace context).
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
 * Runs around every outbound request of a client (`McpClientOptions.middleware`): `next()` sends it and
 * resolves to its result, or rejects with the `ProtocolError` the server answered or a local error (timeout,
 * cancellation, transport). Each MRTR round and each request of the era probe is a request of its own.
 */
export type ClientMiddleware = (call: OutboundCall, next: () => Promise<JsonObject>) => Promise<JsonObject>

/** Runs `send` through `list`, outermost first. */
export function runClientMiddleware(
  list: readonly ClientMiddleware[],
  call: OutboundCall,
  send: () => Promise<JsonObject>,
): Promise<JsonObject> {
  const step = (i: number): Promise<JsonObject> => {
    const mw = list[i]
    return mw ? mw(call, () => step(i + 1)) : send()
  }
  return step(0)
}
