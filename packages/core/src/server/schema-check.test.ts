import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { McpServer } from './mcp-server.js'
import { ToolServer } from './tool-server.js'

const noop = () => ({ content: [] })
const register = (definition: Record<string, unknown>) => () =>
  new McpServer({ name: 's', version: '1' }).tool('add', definition as never, noop)

describe('tool schemas are checked at registration', () => {
  it.each([
    [
      'a misspelt type',
      { inputSchema: { type: 'object', properties: { a: { type: 'nmber' } } } },
      'tool "add": inputSchema.properties.a.type: "nmber" is not a JSON Schema type',
    ],
    [
      'a top level that is not an object',
      { inputSchema: { type: 'string' } },
      'tool "add": inputSchema.type: must be "object"',
    ],
    [
      'an outputSchema that is not an object',
      { outputSchema: { type: 'array', items: {} } },
      'tool "add": outputSchema.type: must be "object"',
    ],
    [
      'required as a string',
      { inputSchema: { type: 'object', properties: { a: {} }, required: 'a' } },
      'tool "add": inputSchema.required: must be an array of property names',
    ],
    [
      'a raw zod shape',
      { inputSchema: { a: z.number() } },
      'tool "add": inputSchema.a: pass z.object({ ... }), not a raw shape',
    ],
    [
      'a zod schema inside a JSON Schema',
      { inputSchema: { type: 'object', properties: { a: z.number() } } },
      'tool "add": inputSchema.properties.a: pass z.object',
    ],
    [
      'a zod schema that is not an object',
      { inputSchema: z.string() },
      'tool "add": inputSchema.type: must be "object"',
    ],
    [
      'a type list with a typo',
      { inputSchema: { type: 'object', properties: { a: { items: [{ type: ['string', 'nul'] }] } } } },
      'tool "add": inputSchema.properties.a.items.0.type: ["string","nul"] is not a JSON Schema type',
    ],
  ])('refuses %s, naming the tool and the field', (_, definition, message) => {
    expect(register(definition)).toThrow(message)
  })

  it('ToolServer checks the same way', () => {
    const server = new ToolServer({ name: 's', version: '1' })
    expect(() => server.tool('t', { inputSchema: { type: 'nmber' } } as never, noop)).toThrow(
      'tool "t": inputSchema.type: "nmber" is not a JSON Schema type',
    )
  })

  it.each([
    ['no schema', {}],
    ['an empty schema', { inputSchema: {} }],
    [
      'a schema with definitions, references and boolean subschemas',
      {
        inputSchema: {
          type: 'object',
          $defs: { n: { type: ['number', 'null'] } },
          properties: { a: { $ref: '#/$defs/n' }, b: true, c: { items: { pattern: '^x+$' } } },
          required: ['a'],
          additionalProperties: false,
        },
        outputSchema: { properties: { ok: { type: 'boolean' } } },
      },
    ],
    ['a zod object', { inputSchema: z.object({ a: z.number() }), outputSchema: z.object({}) }],
  ])('accepts %s, listing both schemas as type: object', async (_, definition) => {
    const server = new McpServer({ name: 's', version: '1' })
    server.tool('ok', definition as never, noop)
    const r = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: modernMeta() },
    })
    const tool = (r.body as unknown as { result: { tools: Record<string, { type?: string }>[] } }).result
      .tools[0]
    expect(tool?.inputSchema?.type).toBe('object')
    if ('outputSchema' in definition) expect(tool?.outputSchema?.type).toBe('object')
  })
})
