import { V2025_11_25 } from '../../protocol/versions.js'
import { internalError, invalidParams, ProtocolError } from '../../errors/protocol-error.js'
import { HandlerContext } from '../context.js'
import type { RequestScope } from '../core.js'
import { shapeFor } from '../revision-shapes.js'
import { describeIssues, type CompiledSchema, type SchemaCheck } from '../schema-validation.js'
import type { RegisteredTool } from '../registry.js'
import type { CallToolResult, JsonObject, RequestContext } from '../types.js'
import { listPage, optionalObject, ownCopy, requireString, TOOL_KEYS, wires } from './shared.js'

export const listTools = (scope: RequestScope): JsonObject =>
  listPage(scope, 'tools', wires(scope.core.registry.tools), TOOL_KEYS)

const text = (text: string) => [{ type: 'text', text }]
const toolError = (message: string): JsonObject => ({ content: text(message), isError: true })

export function callTool(scope: RequestScope): JsonObject | Promise<JsonObject> {
  const name = requireString(scope.params, 'name')
  const tool = scope.core.registry.tools.get(name)
  if (!tool) throw invalidParams(`Unknown tool: ${name}`, 'name')
  const args = optionalObject(scope.params, 'arguments') ?? {}
  const checked = tool.input.validate(args)
  return checked instanceof Promise
    ? checked.then((c) => runTool(scope, name, tool, c))
    : runTool(scope, name, tool, checked)
}

/** Synchronous all the way when the arguments check, the handler and the output check are. */
function runTool(
  scope: RequestScope,
  name: string,
  tool: RegisteredTool,
  checked: SchemaCheck,
): JsonObject | Promise<JsonObject> {
  if (!checked.ok) {
    const issues = checked.issues.map((i) => ({ ...i, path: i.path ? `arguments.${i.path}` : 'arguments' }))
    // Input validation failures are tool errors from 2025-11-25 on (SEP-1303), protocol errors before.
    if (scope.protocolVersion >= V2025_11_25)
      return toolError(`Invalid arguments for tool ${name}: ${describeIssues(issues)}`)
    throw invalidParams(describeIssues(checked.issues), issues[0]?.path)
  }
  // An extension may take part (the tasks extension turns calls of task-capable tools into tasks).
  const hook = scope.core.toolCallHook
  if (!hook) return invoke(scope, name, tool, checked.value, new HandlerContext(scope))
  return hook(scope, tool, (context) => invoke(scope, name, tool, checked.value, context))
}

/** Runs the handler and finishes its result. */
function invoke(
  scope: RequestScope,
  name: string,
  tool: RegisteredTool,
  args: unknown,
  context: RequestContext,
): JsonObject | Promise<JsonObject> {
  let result: CallToolResult | PromiseLike<CallToolResult>
  try {
    result = tool.handler(args, context)
  } catch (e) {
    return handlerFailed(scope, e)
  }
  if (!isThenable(result)) return finishToolResult(scope, name, result, tool.output)
  return Promise.resolve(result).then(
    (r) => finishToolResult(scope, name, r, tool.output),
    (e: unknown) => handlerFailed(scope, e),
  )
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof (v as { then?: unknown } | null)?.then === 'function'

/** A handler that throws gives a tool error, except for protocol errors and an abandoned MRTR round. */
function handlerFailed(scope: RequestScope, e: unknown): JsonObject {
  if (e instanceof ProtocolError) throw e
  if (scope.abort.aborted && scope.inputs?.hasRequests) throw e
  return toolError(e instanceof Error ? e.message : String(e))
}

/** The result keys that some revisions lack (see `shapeFor`). */
const STRUCTURED_KEYS = ['structuredContent']

const broken = (name: string, what: string) => internalError(`Tool ${name} ${what}`)

function finishToolResult(
  scope: RequestScope,
  name: string,
  result: CallToolResult,
  output: CompiledSchema | undefined,
): JsonObject | Promise<JsonObject> {
  if (typeof result !== 'object' || result === null) throw broken(name, 'returned no result object')
  const out: JsonObject = ownCopy(result)
  const structured = out.structuredContent
  if (out.content === undefined)
    out.content = structured === undefined ? [] : text(JSON.stringify(structured))
  if (!output || out.isError) return checkedOutput(scope, name, out)
  if (structured === undefined) throw broken(name, 'has an outputSchema but returned no structuredContent')
  const checked = output.validate(structured)
  return checked instanceof Promise
    ? checked.then((c) => checkedOutput(scope, name, out, c))
    : checkedOutput(scope, name, out, checked)
}

/** The result in the revision's shape, once its structuredContent passed the outputSchema check (if any). */
function checkedOutput(
  scope: RequestScope,
  name: string,
  out: JsonObject,
  checked?: SchemaCheck,
): JsonObject {
  if (checked && !checked.ok)
    throw broken(
      name,
      `returned structuredContent that does not match its outputSchema: ${describeIssues(checked.issues)}`,
    )
  return shapeFor(scope.protocolVersion, out, STRUCTURED_KEYS)
}
