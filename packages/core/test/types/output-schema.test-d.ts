import { describe, expectTypeOf, test } from 'vitest'
import { McpServer } from '../../src/index.js'

const server = new McpServer({ name: 't', version: '1' })

describe('outputSchema types structuredContent', () => {
  test('the handler must return the declared structuredContent', () => {
    server.tool(
      'weather',
      {
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        outputSchema: {
          type: 'object',
          properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
          required: ['temperature'],
        },
      },
      async ({ city }) => ({
        content: [{ type: 'text', text: city }],
        structuredContent: { temperature: 21, conditions: 'sunny' },
      }),
    )
  })

  test('a wrong or missing structuredContent does not compile', () => {
    const outputSchema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      required: ['total'],
    } as const
    // @ts-expect-error total must be a number
    server.tool('a', { outputSchema }, () => ({ content: [], structuredContent: { total: 'many' } }))
    // @ts-expect-error total is required
    server.tool('b', { outputSchema }, () => ({ content: [], structuredContent: {} }))
    // @ts-expect-error a tool with an outputSchema returns structuredContent
    server.tool('c', { outputSchema }, () => ({ content: [] }))
  })

  test('arrays in structuredContent: literals, tuples and built arrays', () => {
    const outputSchema = {
      type: 'object',
      properties: {
        hits: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        },
      },
      required: ['hits'],
    } as const
    server.tool('lit', { outputSchema }, () => ({ content: [], structuredContent: { hits: [{ id: 1 }] } }))
    const built = [1, 2].map((id) => ({ id }))
    server.tool('built', { outputSchema }, () => ({ content: [], structuredContent: { hits: built } }))
    server.tool('wrong', { outputSchema }, () => ({
      content: [],
      // @ts-expect-error ids are numbers
      structuredContent: { hits: [{ id: '1' }] },
    }))
  })

  test('an error result needs no structuredContent', () => {
    server.tool(
      'd',
      { outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } },
      () => ({ content: [{ type: 'text', text: 'failed' }], isError: true }),
    )
  })

  test('without an outputSchema any CallToolResult goes', () => {
    server.tool('e', {}, () => ({ content: [], structuredContent: 'anything' }))
  })

  test('a non-literal outputSchema still asks for structuredContent, of any type', () => {
    const loose: Record<string, unknown> = { type: 'object' }
    server.tool('f', { outputSchema: loose }, () => {
      const r = { content: [], structuredContent: { any: 1 } }
      expectTypeOf(r.structuredContent).toExtend<unknown>()
      return r
    })
  })
})
