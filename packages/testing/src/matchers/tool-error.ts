import {
  isThenable,
  type MatcherContext,
  type MCPMatcherResult,
  preview,
  settle,
  textOf,
  toolResultOf,
} from './shared.js'

function judge(received: unknown): MCPMatcherResult {
  const result = toolResultOf(received)
  if (!result)
    return {
      pass: false,
      message: () => `expected a tool result with isError: true, but received ${preview(received)}`,
    }
  const pass = result.isError === true
  const text = textOf(result)
  return {
    pass,
    message: () =>
      pass
        ? `expected a successful tool result, but it is a tool error${text ? `: ${text}` : ''}`
        : `expected a tool error (isError: true), but the tool succeeded${text ? ` with: ${text}` : `: ${preview(result)}`}`,
  }
}

/**
 * `expect(result).toHaveToolError()`: a `tools/call` result with `isError: true` — the tool ran and reported
 * failure (server/tools "Error Handling"), as opposed to a JSON-RPC error, which `callTool` rejects with.
 * Accepts a result, a response, or a promise of either (`await expect(app.callTool(...)).toHaveToolError()`).
 */
export function toHaveToolError(
  this: MatcherContext,
  received: unknown,
): MCPMatcherResult | Promise<MCPMatcherResult> {
  if (!isThenable(received)) return judge(received)
  return settle(received).then((s) => {
    if (s.ok) return judge(s.value)
    const reason = s.error instanceof Error ? s.error.message : String(s.error)
    throw new Error(
      `toHaveToolError: the call failed with a protocol error instead of returning a tool result (use toHaveMCPError for that): ${reason}`,
    )
  })
}
