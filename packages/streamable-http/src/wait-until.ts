import type { McpRequestContext, WaitUntilContext } from './request-context.js'

/**
 * How to keep background work of request `c` alive: the `waitUntil` option when given, else the request's
 * execution context (Workers and Durable Objects hand one to `fetch`); undefined where work simply runs
 * on (Node, Bun, Deno). Called only when there is such work (an SSE stream, a message answered later), so the
 * cost of finding out (Hono throws when there is no execution context) stays off the JSON path.
 */
export function waitUntilOf(
  c: McpRequestContext,
  waitUntil: ((c: McpRequestContext, promise: Promise<unknown>) => void) | undefined,
): ((promise: Promise<unknown>) => void) | undefined {
  if (waitUntil) return (promise) => waitUntil(c, promise)
  let ctx: WaitUntilContext | undefined
  try {
    ctx = c.executionCtx
  } catch {
    return undefined
  }
  return ctx && ((promise) => ctx.waitUntil(promise))
}
