import type { ServerEngine } from './engine.js'
import { defined, type Registration } from './registry.js'
import { compileToolSchema } from './schema-check.js'
import type { JsonSchema } from './schema-validation.js'
import type { ToolDefinition, ToolHandler } from './types.js'

/** Registers a tool on a server's engine: `McpServer.tool` and `ToolServer.tool` (one definition of a tool). */
export function registerTool(
  engine: ServerEngine,
  name: string,
  definition: ToolDefinition<any, any>,
  handler: ToolHandler<any, any>,
): Registration {
  if (!name) throw new Error('a tool needs a name')
  const input = compileToolSchema(name, 'inputSchema', definition.inputSchema)
  const output =
    definition.outputSchema === undefined
      ? undefined
      : compileToolSchema(name, 'outputSchema', definition.outputSchema)
  // Both are `type: 'object'` on the wire (2026-07-28 server/tools), also when the schema left `type` out.
  const asObject = (s: JsonSchema) => (s.type === undefined ? { type: 'object', ...s } : s)
  const wire = defined({
    name,
    title: definition.title,
    description: definition.description,
    icons: definition.icons,
    inputSchema: asObject(input.jsonSchema),
    outputSchema: output && asObject(output.jsonSchema),
    annotations: definition.annotations,
    // What a client can know before calling (codegen's typed task stubs): the tasks extension defines no
    // tool field, so this is 2025-11-25's, listed to 2026-07-28 clients only (see revision-shapes.ts).
    execution: definition.task && {
      taskSupport: (definition.task as { support?: string }).support ?? definition.task,
    },
    _meta: definition._meta,
  })
  const tool = { name, definition, input, output, handler, wire }
  return engine.add(engine.registry.tools, name, tool, 'tools', 'Tool')
}
