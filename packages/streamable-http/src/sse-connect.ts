import type { ConnectOptions } from './event-stream.js'
import type { NodeOutgoing } from './node-outgoing.js'
import type { ResolvedOptions } from './options.js'
import type { McpRequestContext } from './request-context.js'
import type { SseConnectionClass } from './sse-connection.js'
import { waitUntilOf } from './wait-until.js'

/** How SSE is written straight to node:http (`nodeSse` of node-sse-connection.ts). */
export interface NodeSse {
  /** The node:http response of a request served on Node, if it has one to write to. */
  outgoingOf(c: McpRequestContext): NodeOutgoing | undefined
  Connection: SseConnectionClass
}

/**
 * How an SSE response to request `c` is connected: on @hono/node-server straight to the node:http response
 * (its `close` event is the disconnect; the request's signal is not touched, which would allocate an
 * AbortController per stream), elsewhere a web stream ended by the request's signal; plus the runtime's
 * `waitUntil`, if any. `node` is only given where Node can be (the Hono app), so the fetch handler on Workers
 * carries none of it.
 */
export function sseConnectOf(
  c: McpRequestContext,
  waitUntil: ResolvedOptions['waitUntil'],
  node: NodeSse | undefined,
): ConnectOptions {
  const out = node?.outgoingOf(c)
  const hold = waitUntilOf(c, waitUntil)
  return out ? { node: out, Connection: node?.Connection, hold } : { signal: c.req.raw.signal, hold }
}
