import { serverEngine } from './engine.js'
import type { McpServer } from './mcp-server.js'
import { composeMiddleware, composeOutbound, type ServerMiddleware } from './middleware.js'
import type { Registration } from './registry.js'
import type { ToolServer } from './tool-server.js'

const stacks = new WeakMap<object, ServerMiddleware[]>()

/**
 * Adds middleware around every inbound request and notification of `server` (both eras, every transport,
 * each element of a batch), after the middleware added before it (the first added runs outermost).
 * A middleware's `outbound` part runs around the requests a legacy handler sends its client.
 * `remove()` takes it out again. A server without middleware runs none of this.
 */
export function useMiddleware(
  server: McpServer | ToolServer,
  ...middleware: ServerMiddleware[]
): Registration {
  const engine = serverEngine(server)
  const stack = stacks.get(engine) ?? []
  stacks.set(engine, stack)
  stack.push(...middleware)
  engine.handle = composeMiddleware(stack)
  engine.ask = composeOutbound(stack)
  return {
    remove: () => {
      for (const mw of middleware) {
        const i = stack.indexOf(mw)
        if (i >= 0) stack.splice(i, 1)
      }
      engine.handle = composeMiddleware(stack)
      engine.ask = composeOutbound(stack)
    },
  }
}
