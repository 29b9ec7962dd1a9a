import { describe, expectTypeOf, test } from 'vitest'
import * as v from 'valibot'
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

describe('Standard Schema (valibot) keeps its own types', () => {
  test('inputSchema: the schema output type, defaults applied', () => {
    server.tool(
      'greet_v',
      { inputSchema: v.object({ name: v.string(), times: v.optional(v.number(), 1) }) },
      (args) => {
        expectTypeOf(args).toEqualTypeOf<{ name: string; times: number }>()
        return { content: [] }
      },
    )
  })

  test('outputSchema: the schema input type is the structuredContent', () => {
    const outputSchema = v.object({ ok: v.boolean() })
    server.tool('ok_v', { outputSchema }, () => ({ content: [], structuredContent: { ok: true } }))
    // @ts-expect-error ok must be a boolean
    server.tool('bad_v', { outputSchema }, () => ({ content: [], structuredContent: { ok: 'yes' } }))
  })
})
