// Tool definitions shared by every contender, so all servers expose the same surface. Plain JSON Schema here
// (no zod, so the raw Workers of the workerd bench bundle none); the zod equivalents are in zod-tools.mjs.

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

export const ECHO_JSON_SCHEMA = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
}

/** @param {string} text */
export const echoResult = (text) => ({ content: [{ type: /** @type {const} */ ('text'), text }] })
/** @param {string} name */
export const manyToolResult = (name) => ({
  content: [{ type: /** @type {const} */ ('text'), text: `${name} ok` }],
})
