import { addToStack } from '../middleware-chain.js'
import { serverEngine } from './engine.js'
import type { McpServer } from './mcp-server.js'
import { composeMiddleware, composeOutbound, type ServerMiddleware } from './middleware.js'
import type { Registration } from './registry.js'
import type { ToolServer } from './tool-server.js'

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
  return addToStack(engine, middleware, (stack) => {
    engine.handle = composeMiddleware(stack)
    engine.ask = composeOutbound(stack)
  })
}
