import {
  isObject,
  isThenable,
  type MatcherContext,
  type MCPMatcherResult,
  preview,
  settle,
} from './shared.js'

interface FoundError {
  code: unknown
  message: unknown
}

/** The JSON-RPC error a value carries: an error response, a ProtocolError/ToolCallError, or none. */
function errorOf(value: unknown): FoundError | undefined {
  if (!isObject(value) && !(value instanceof Error)) return undefined
  const v = value as Record<string, unknown>
  if (isObject(v.error) && 'code' in v.error) return { code: v.error.code, message: v.error.message }
  if (value instanceof Error && typeof v.code === 'number') return { code: v.code, message: value.message }
  return undefined
}

function judge(received: unknown, expectedCode: number | undefined, via: string): MCPMatcherResult {
  const found = errorOf(received)
  const codeText = expectedCode === undefined ? '' : ` with code ${expectedCode}`
  if (!found)
    return {
      pass: false,
      message: () =>
        received instanceof Error
          ? `expected an MCP error${codeText}, but ${via} threw a non-protocol error: ${received.message}`
          : `expected an MCP error${codeText}, but ${via} ${preview(received)}`,
    }
  const pass = expectedCode === undefined || found.code === expectedCode
  return {
    pass,
    message: () =>
      pass
        ? `expected no MCP error${codeText}, but got error ${String(found.code)}: ${String(found.message)}`
        : `expected MCP error code ${expectedCode}, but got ${String(found.code)}: ${String(found.message)}`,
  }
}

/**
 * `expect(x).toHaveMCPError(code?)`: `x` is a JSON-RPC error response, a `ProtocolError`/`ToolCallError`,
 * or a promise (then `await expect(promise).toHaveMCPError(code)`) that rejects with one or resolves to an
 * error response.
 */
export function toHaveMCPError(
  this: MatcherContext,
  received: unknown,
  expectedCode?: number,
): MCPMatcherResult | Promise<MCPMatcherResult> {
  if (!isThenable(received)) return judge(received, expectedCode, 'received')
  return settle(received).then((s) =>
    s.ok
      ? judge(s.value, expectedCode, 'the promise resolved to')
      : judge(s.error, expectedCode, 'the promise'),
  )
}
