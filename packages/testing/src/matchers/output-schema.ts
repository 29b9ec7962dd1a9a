import type { JsonSchema } from '@edgemcp/core'
import { type CompiledSchema, compileSchema } from '@edgemcp/core/internal'
import { provenanceOf } from '../client/provenance.js'
import {
  isObject,
  type Json,
  type MatcherContext,
  type MCPMatcherResult,
  preview,
  textOf,
  toolResultOf,
} from './shared.js'

const compiled = new WeakMap<object, CompiledSchema>()

function compile(schema: JsonSchema): CompiledSchema {
  let c = compiled.get(schema)
  if (!c) {
    c = compileSchema(schema, 'output')
    compiled.set(schema, c)
  }
  return c
}

/** The output schema: given directly, taken from a given tool, or from the tool the client called. */
function schemaFor(received: unknown, given: unknown): { schema?: JsonSchema; label: string } {
  if (isObject(given) && typeof given.name === 'string' && 'inputSchema' in given)
    return {
      ...(isObject(given.outputSchema) ? { schema: given.outputSchema } : {}),
      label: `tool ${JSON.stringify(given.name)}`,
    }
  if (isObject(given)) return { schema: given, label: 'the given schema' }
  const origin = provenanceOf(received)
  const label = origin?.toolName ? `tool ${JSON.stringify(origin.toolName)}` : 'the tool'
  const schema = origin?.tool?.outputSchema
  return isObject(schema) ? { schema, label } : { label }
}

const fail = (message: string): MCPMatcherResult => ({ pass: false, message: () => message })

/**
 * `expect(result).toMatchToolOutputSchema(schemaOrTool?)`: the result's `structuredContent` validates against
 * the tool's `outputSchema` (server/tools "Output Schema"). Without an argument the schema comes from the
 * `tools/list` entry of the tool that `callTool` called.
 */
export function toMatchToolOutputSchema(
  this: MatcherContext,
  received: unknown,
  schemaOrTool?: Json,
): MCPMatcherResult {
  const result = toolResultOf(received)
  if (!result) return fail(`expected a tool result, but received ${preview(received)}`)
  const { schema, label } = schemaFor(received, schemaOrTool)
  if (!schema)
    return fail(
      `${label} declares no outputSchema${schemaOrTool ? '' : ' (or the result did not come from callTool); pass the tool or a schema'}`,
    )
  if (result.isError === true)
    return fail(`expected structured output of ${label}, but the result is a tool error: ${textOf(result)}`)
  if (!('structuredContent' in result))
    return fail(
      `expected structuredContent matching the outputSchema of ${label}, but the result has none: ${preview(result)}`,
    )
  const check = compile(schema).validate(result.structuredContent)
  if (check instanceof Promise)
    throw new Error('toMatchToolOutputSchema: asynchronous schemas are not supported')
  const problems = check.ok ? [] : check.issues.map((i) => `${i.path || '(root)'}: ${i.message}`)
  return {
    pass: check.ok,
    message: () =>
      check.ok
        ? `expected structuredContent not to match the outputSchema of ${label}`
        : `expected structuredContent to match the outputSchema of ${label}, but:\n${problems.map((p) => `  - ${p}`).join('\n')}\nstructuredContent: ${preview(result.structuredContent, 600)}`,
  }
}
