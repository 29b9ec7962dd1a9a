// Tool definitions shared by every contender, so all servers expose the same surface.
// Raw servers get plain JSON Schema; library servers get the equivalent zod shapes.
import { z } from 'zod'

export const TOOL_COUNT = 100
export const SERVER_INFO = { name: 'edgemcp-bench-server', version: '0.0.0' }

/** @param {number} i */
export const toolName = (i) => `tool_${String(i).padStart(3, '0')}`
/** @param {number} i */
export const toolDescription = (i) => `Synthetic tool #${i} for the tools/list benchmark.`

export const MODES = /** @type {const} */ (['fast', 'exact', 'fuzzy'])

/** JSON Schema of one of the 100 listed tools: five properties, two required. */
export function manyToolJsonSchema() {
  return {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to look for' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      verbose: { type: 'boolean' },
      mode: { type: 'string', enum: [...MODES] },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['query', 'limit'],
  }
}

/** The same five properties as zod fields (SDK `registerTool` raw shape). */
export function manyToolZodShape() {
  return {
    query: z.string().describe('What to look for'),
    limit: z.number().int().min(1).max(100),
    verbose: z.boolean().optional(),
    mode: z.enum(MODES).optional(),
    tags: z.array(z.string()).optional(),
  }
}

export const ECHO_JSON_SCHEMA = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
}
export const echoZodShape = () => ({ text: z.string() })

/** @param {string} text */
export const echoResult = (text) => ({ content: [{ type: /** @type {const} */ ('text'), text }] })
/** @param {string} name */
export const manyToolResult = (name) => ({
  content: [{ type: /** @type {const} */ ('text'), text: `${name} ok` }],
})
