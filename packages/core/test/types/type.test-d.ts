import { describe, expectTypeOf, test } from 'vitest'
import { McpServer } from '../../src/index.js'
import { typeOf } from './helpers.js'

describe('type', () => {
  test('primitive type names', () => {
    expectTypeOf(typeOf({ type: 'string' })).toEqualTypeOf<string>()
    expectTypeOf(typeOf({ type: 'number' })).toEqualTypeOf<number>()
    expectTypeOf(typeOf({ type: 'integer' })).toEqualTypeOf<number>()
    expectTypeOf(typeOf({ type: 'boolean' })).toEqualTypeOf<boolean>()
    expectTypeOf(typeOf({ type: 'null' })).toEqualTypeOf<null>()
  })

  test('a list of type names is a union', () => {
    expectTypeOf(typeOf({ type: ['string', 'number'] })).toEqualTypeOf<string | number>()
  })

  test('keywords that do not change the type are ignored', () => {
    expectTypeOf(typeOf({ type: 'string', format: 'uri', minLength: 1 })).toEqualTypeOf<string>()
    expectTypeOf(typeOf({ type: 'integer', minimum: 0, description: 'count' })).toEqualTypeOf<number>()
  })

  test('an empty schema, `true` and an unknown type name accept anything', () => {
    expectTypeOf(typeOf({})).toEqualTypeOf<unknown>()
    expectTypeOf(typeOf(true)).toEqualTypeOf<unknown>()
    expectTypeOf(typeOf({ type: 'whatever' })).toEqualTypeOf<unknown>()
    expectTypeOf(typeOf(false)).toEqualTypeOf<never>()
  })

  test('handler arguments are typed from an inline inputSchema (no `as const`)', () => {
    const server = new McpServer({ name: 't', version: '1' })
    server.tool(
      'add',
      {
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' }, note: { type: 'string' } },
          required: ['a', 'b'],
        },
      },
      ({ a, b, note }) => {
        expectTypeOf(a).toEqualTypeOf<number>()
        expectTypeOf(note).toEqualTypeOf<string | undefined>()
        // @ts-expect-error a number is not a string
        const wrong: string = a
        return { content: [{ type: 'text', text: `${a + b}${note ?? ''}${wrong}` }] }
      },
    )
  })
})
