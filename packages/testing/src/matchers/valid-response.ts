import { isModernVersion, LATEST_LEGACY_VERSION } from '@edgemcp/core'
import { RESULT_DEFINITIONS } from '@edgemcp/core/internal'
import { provenanceOf } from '../client/provenance.js'
import { hasDefinition, validateDefinition } from '../schema/spec-schemas.js'
import { isObject, type Json, type MatcherContext, type MCPMatcherResult, preview } from './shared.js'

export interface ValidResponseOptions {
  /** Revision whose schema applies. Default: the one the test client used, else 2025-11-25. */
  revision?: string
  /** The request method, to check the result's shape (e.g. `tools/call` → CallToolResult). */
  method?: string
}

function resultDefinition(revision: string, method: string | undefined, result: Json): string {
  if (isModernVersion(revision) && result.resultType === 'input_required') return 'InputRequiredResult'
  const name = method ? RESULT_DEFINITIONS[method] : undefined
  return name && hasDefinition(revision, name) ? name : 'Result'
}

/** The error object's definition: `Error` from 2025-11-25, inline in `JSONRPCError` before. */
const errorDefinition = (revision: string): string =>
  hasDefinition(revision, 'Error') ? 'Error' : 'JSONRPCError/properties/error'

/** Checks a result object (no envelope) of a known method. */
export function checkResult(revision: string, method: string | undefined, result: unknown): string[] {
  if (!isObject(result)) return [`result must be an object, got ${preview(result, 80)}`]
  const problems = validateDefinition(revision, resultDefinition(revision, method, result), result).map(
    (p) => `result${p.slice(1)}`,
  )
  // Without a method only the generic Result applies; still insist on well-formed content (expect-mcp).
  if (!method && 'content' in result) {
    const content = result.content
    if (!Array.isArray(content)) problems.push('result/content: must be an array')
    else
      content.forEach((c, i) => {
        if (!isObject(c) || typeof c.type !== 'string')
          problems.push(`result/content/${i}: must be an object with a string "type"`)
      })
  }
  return problems
}

/** Checks a JSON-RPC response envelope and its result or error (JSON-RPC 2.0 §5; MCP basic/index "Responses"). */
export function checkResponse(revision: string, method: string | undefined, response: unknown): string[] {
  if (!isObject(response)) return [`a response must be an object, got ${preview(response, 80)}`]
  const problems: string[] = []
  if (response.jsonrpc !== '2.0') problems.push(`jsonrpc must be "2.0", got ${preview(response.jsonrpc, 40)}`)
  const hasResult = 'result' in response
  const hasError = 'error' in response
  if (hasResult === hasError) problems.push('a response must have exactly one of "result" and "error"')
  const id = response.id
  const idOk = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  // JSON-RPC 2.0 §5: null only on an error response whose request id could not be read.
  if (!idOk && !(hasError && id === null))
    problems.push(`id must be a string or a number${hasError ? ' (or null)' : ''}, got ${preview(id, 40)}`)
  if (hasResult && !hasError) problems.push(...checkResult(revision, method, response.result))
  if (hasError && !hasResult)
    problems.push(
      ...validateDefinition(revision, errorDefinition(revision), response.error).map(
        (p) => `error${p.slice(1)}`,
      ),
    )
  return problems
}

/**
 * `expect(response).toBeValidMCPResponse()`: a JSON-RPC 2.0 response valid against the schema of the
 * revision in use. For values the test client returned, the revision and the request method are known, so
 * the result is checked against that method's result type; a bare result object from the client (e.g. what
 * `callTool` resolves to) is checked as that result.
 */
export function toBeValidMCPResponse(
  this: MatcherContext,
  received: unknown,
  options: ValidResponseOptions = {},
): MCPMatcherResult {
  const origin = provenanceOf(received)
  const revision = options.revision ?? (origin?.protocolVersion || LATEST_LEGACY_VERSION)
  const method = options.method ?? origin?.method
  const asResult = origin !== undefined && !origin.envelope
  const problems = asResult
    ? checkResult(revision, method, received)
    : checkResponse(revision, method, received)
  const what = `${asResult ? 'result' : 'response'}${method ? ` of ${method}` : ''} (schema ${revision})`
  return {
    pass: problems.length === 0,
    message: () =>
      problems.length === 0
        ? `expected ${preview(received)} not to be a valid MCP ${what}`
        : `expected a valid MCP ${what}, but:\n${problems.map((p) => `  - ${p}`).join('\n')}\nreceived: ${preview(received, 600)}`,
  }
}
