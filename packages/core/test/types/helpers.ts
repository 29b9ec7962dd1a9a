import { McpServer } from '../../src/index.js'
import type { InferJsonSchema, SchemaInput, ToolArguments } from '../../src/index.js'

/** The arguments type `server.tool()` gives a handler for this `inputSchema`, read off a real registration. */
export function argsOf<const S extends SchemaInput>(inputSchema: S): ToolArguments<S> {
  let seen: ToolArguments<S> | undefined
  new McpServer({ name: 'types', version: '0.0.0' }).tool('t', { inputSchema }, (args) => {
    seen = args
    return { content: [] }
  })
  return seen as ToolArguments<S>
}

/** The type a JSON Schema literal infers to (no registration). */
export const typeOf = <const S>(_schema: S): InferJsonSchema<S> => undefined as InferJsonSchema<S>
