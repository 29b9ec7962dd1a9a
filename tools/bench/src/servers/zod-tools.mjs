// The benchmark's tool schemas as zod shapes, for the libraries that take zod (the SDKs, mcp-lite, agents):
// the same five properties (and the echo text) as the JSON Schemas in tools.mjs.
import { z } from 'zod'
import { MODES } from './tools.mjs'

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

export const echoZodShape = () => ({ text: z.string() })
