import { describe, expectTypeOf, test } from 'vitest'
import { argsOf, typeOf } from './helpers.js'

describe('anyOf, oneOf, allOf', () => {
  test('anyOf and oneOf are unions', () => {
    expectTypeOf(typeOf({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqualTypeOf<string | number>()
    expectTypeOf(typeOf({ oneOf: [{ const: 'a' }, { type: 'boolean' }] })).toEqualTypeOf<'a' | boolean>()
  })

  test('a discriminated oneOf narrows in the handler', () => {
    const args = argsOf({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'circle' }, r: { type: 'number' } },
              required: ['kind', 'r'],
            },
            {
              type: 'object',
              properties: { kind: { const: 'square' }, side: { type: 'number' } },
              required: ['kind', 'side'],
            },
          ],
        },
      },
      required: ['shape'],
    })
    if (args.shape.kind === 'circle') expectTypeOf(args.shape.r).toEqualTypeOf<number>()
    else expectTypeOf(args.shape.side).toEqualTypeOf<number>()
  })

  test('keywords beside anyOf apply to every branch', () => {
    expectTypeOf(
      typeOf({
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        anyOf: [{ properties: { a: { type: 'number' } }, required: ['a'] }, { required: ['b'] }],
      }),
    ).toExtend<{ id: string }>()
  })

  test('allOf is an intersection', () => {
    expectTypeOf(
      typeOf({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
        ],
      }),
    ).toEqualTypeOf<{ a: string; b: number }>()
  })

  test('a value outside the union is an error', () => {
    const v = typeOf({ anyOf: [{ type: 'string' }, { type: 'number' }] })
    // @ts-expect-error booleans are in neither branch
    const b: typeof v = true
    void b
  })
})
