import { serverEngine } from './engine.js'
import { handleInbound, type HandleOptions, type HandleResult } from './handle.js'
import type { McpServer } from './mcp-server.js'
import type { ToolServer } from './tool-server.js'

/**
 * `server.handle(value, options)` for a transport, without the promise when the answer is known at once (a
 * synchronous tool, a cached list), so that the transport can answer in the same turn. A `handle` replaced on
 * the server (a wrapper, as @edgemcp/workers' `explainLostAnswers`, or a subclass's) is called as it is. Never
 * throws.
 *
 * Issue 30, tools/call in a legacy session, instructions per request (callgrind, `tools/bench/src/instructions.mjs
 * --only edgemcp-serve --workloads b --requests 10000`, 2026-12-07): 186,100 with `runRequest` synchronous ->
 * 184,587 with the POST handler answering through this (no engine promise, no `Answer` promise, no turn).
 */
export function handleNow(
  server: McpServer | ToolServer,
  value: unknown,
  options: HandleOptions,
): HandleResult | Promise<HandleResult> {
  const engine = serverEngine(server)
  return server.handle === engine.plainHandle
    ? handleInbound(engine, value, options)
    : server.handle(value, options)
}
