import type { McpRequestContext } from './request-context.js'

/**
 * What an SSE connection uses of node:http's `ServerResponse` (or node:http2's compatibility response),
 * typed structurally so that this web-standard entry needs neither Node types nor Node imports.
 */
export interface NodeOutgoing {
  readonly statusCode: number
  readonly writableEnded: boolean
  readonly destroyed: boolean
  write(chunk: string): boolean
  end(chunk?: string): unknown
  flushHeaders?(): void
  /** Drops the connection (a client too slow to read). */
  destroy?(): unknown
  on(event: 'close', listener: () => void): unknown
  once(event: 'drain', listener: () => void): unknown
}

/**
 * The node:http response of a request served by @hono/node-server (whose `c.env` is `{ incoming, outgoing }`),
 * still untouched; undefined on every other runtime (Workers, Deno, Bun, `app.request`). An SSE stream
 * written straight to it skips the web `ReadableStream` and its pump (see `SseConnection`).
 */
export function nodeOutgoingOf(c: McpRequestContext): NodeOutgoing | undefined {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('incoming' in env) || !('outgoing' in env))
    return undefined
  const out = env.outgoing as Partial<Record<keyof NodeOutgoing | 'headersSent' | 'writeHead', unknown>>
  if (
    typeof out !== 'object' ||
    out === null ||
    typeof out.writeHead !== 'function' ||
    typeof out.write !== 'function' ||
    typeof out.end !== 'function' ||
    typeof out.on !== 'function' ||
    typeof out.once !== 'function' ||
    out.headersSent !== false ||
    out.writableEnded !== false
  )
    return undefined
  return out as unknown as NodeOutgoing
}
