import { internalError, invalidParams, ProtocolError } from '../../errors/protocol-error.js'
import { createRequestContext } from '../context.js'
import type { RequestScope } from '../core.js'
import { shapeFor } from '../revision-shapes.js'
import { describeIssues, type CompiledSchema } from '../schema-validation.js'
import type { CallToolResult, JsonObject } from '../types.js'
import { listPage, optionalObject, requireString, TOOL_KEYS, wires } from './shared.js'

export const listTools = (scope: RequestScope): JsonObject =>
  listPage(scope, 'tools', wires(scope.core.registry.tools), TOOL_KEYS)

/** Input validation failures are tool errors from 2025-11-25 on (SEP-1303), protocol errors before. */
const inputErrorsAreToolErrors = (version: string) => version >= '2025-11-25'

const text = (text: string) => [{ type: 'text', text }]
const toolError = (message: string): JsonObject => ({ content: text(message), isError: true })

export async function callTool(scope: RequestScope): Promise<JsonObject> {
  const name = requireString(scope.params, 'name')
  const tool = scope.core.registry.tools.get(name)
  if (!tool) throw invalidParams(`Unknown tool: ${name}`, 'name')
  const args = optionalObject(scope.params, 'arguments') ?? {}
  const checked = await tool.input.validate(args)
  if (!checked.ok) {
    const issues = checked.issues.map((i) => ({ ...i, path: i.path ? `arguments.${i.path}` : 'arguments' }))
    if (inputErrorsAreToolErrors(scope.protocolVersion))
      return toolError(`Invalid arguments for tool ${name}: ${describeIssues(issues)}`)
    throw invalidParams(describeIssues(checked.issues), issues[0]?.path)
  }
  let result: CallToolResult
  try {
    result = await tool.handler(checked.value, createRequestContext(scope))
  } catch (e) {
    if (e instanceof ProtocolError) throw e
    if (scope.abort.aborted && scope.inputs?.hasRequests) throw e
    return toolError(e instanceof Error ? e.message : String(e))
  }
  return finishToolResult(scope, name, result, tool.output)
}

async function finishToolResult(
  scope: RequestScope,
  name: string,
  result: CallToolResult,
  output: CompiledSchema | undefined,
): Promise<JsonObject> {
  const broken = (what: string) => internalError(`Tool ${name} ${what}`)
  if (typeof result !== 'object' || result === null) throw broken('returned no result object')
  const out: JsonObject = { ...result }
  const structured = out.structuredContent
  if (out.content === undefined)
    out.content = structured === undefined ? [] : text(JSON.stringify(structured))
  if (output && !out.isError) {
    if (structured === undefined) throw broken('has an outputSchema but returned no structuredContent')
    const checked = await output.validate(structured)
    if (!checked.ok)
      throw broken(
        `returned structuredContent that does not match its outputSchema: ${describeIssues(checked.issues)}`,
      )
  }
  return shapeFor(scope.protocolVersion, out, ['structuredContent'])
}
