import type { Context } from 'hono'
import type { ConnectOptions } from './event-stream.js'
import { nodeOutgoingOf } from './node-outgoing.js'
import type { ResolvedOptions } from './options.js'
import { waitUntilOf } from './wait-until.js'

/**
 * How an SSE response to request `c` is connected: on @hono/node-server straight to the node:http response
 * (its `close` event is the disconnect; the request's signal is not touched, which would allocate an
 * AbortController per stream), elsewhere a web stream ended by the request's signal; plus the runtime's
 * `waitUntil`, if any.
 */
export function sseConnectOf(c: Context, waitUntil: ResolvedOptions['waitUntil']): ConnectOptions {
  const node = nodeOutgoingOf(c)
  const hold = waitUntilOf(c, waitUntil)
  return node ? { node, hold } : { signal: c.req.raw.signal, hold }
}
