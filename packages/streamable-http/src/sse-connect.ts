import type { ConnectOptions } from './event-stream.js'
import type { NodeOutgoing } from './node-outgoing.js'
import type { ResolvedOptions } from './options.js'
import type { McpRequestContext } from './request-context.js'
import { waitUntilOf } from './wait-until.js'

/** Finds the node:http response of a request served on Node (see `nodeOutgoingOf`), where it can. */
export type NodeOutgoingOf = (c: McpRequestContext) => NodeOutgoing | undefined

/**
 * How an SSE response to request `c` is connected: on @hono/node-server straight to the node:http response
 * (its `close` event is the disconnect; the request's signal is not touched, which would allocate an
 * AbortController per stream), elsewhere a web stream ended by the request's signal; plus the runtime's
 * `waitUntil`, if any. `nodeOutgoing` is only given where Node can be (the Hono app), so the fetch handler
 * on Workers carries none of it.
 */
export function sseConnectOf(
  c: McpRequestContext,
  waitUntil: ResolvedOptions['waitUntil'],
  nodeOutgoing: NodeOutgoingOf | undefined,
): ConnectOptions {
  const node = nodeOutgoing?.(c)
  const hold = waitUntilOf(c, waitUntil)
  return node ? { node, hold } : { signal: c.req.raw.signal, hold }
}
