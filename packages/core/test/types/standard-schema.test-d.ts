import { describe, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import { McpServer } from '../../src/index.js'

const server = new McpServer({ name: 't', version: '1' })

describe('Standard Schema (zod) keeps its own types', () => {
  test('inputSchema: the schema output type', () => {
    server.tool(
      'greet',
      { inputSchema: z.object({ name: z.string(), times: z.number().default(1) }) },
      (args) => {
        expectTypeOf(args).toEqualTypeOf<{ name: string; times: number }>()
        return { content: [] }
      },
    )
  })

  test('outputSchema: the schema input type is the structuredContent', () => {
    const outputSchema = z.object({ ok: z.boolean() })
    server.tool('ok', { outputSchema }, () => ({ content: [], structuredContent: { ok: true } }))
    // @ts-expect-error ok must be a boolean
    server.tool('bad', { outputSchema }, () => ({ content: [], structuredContent: { ok: 'yes' } }))
  })

  test('mixed: zod input, JSON Schema output', () => {
    server.tool(
      'mixed',
      {
        inputSchema: z.object({ n: z.number() }),
        outputSchema: { type: 'object', properties: { twice: { type: 'number' } }, required: ['twice'] },
      },
      ({ n }) => ({ content: [], structuredContent: { twice: n * 2 } }),
    )
  })
})
