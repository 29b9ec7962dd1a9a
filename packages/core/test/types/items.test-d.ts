import { describe, expectTypeOf, test } from 'vitest'
import { argsOf, typeOf } from './helpers.js'

describe('items', () => {
  test('items types the elements', () => {
    expectTypeOf(typeOf({ type: 'array', items: { type: 'string' } })).toEqualTypeOf<string[]>()
    expectTypeOf(typeOf({ type: 'array' })).toEqualTypeOf<unknown[]>()
  })

  test('arrays of objects', () => {
    const args = argsOf({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        points: {
          type: 'array',
          items: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        },
      },
      required: ['points'],
    })
    expectTypeOf(args).toEqualTypeOf<{ tags?: string[]; points: { x: number }[] }>()
  })

  test('prefixItems (and draft-07 array items) make tuples', () => {
    expectTypeOf(
      typeOf({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false }),
    ).toEqualTypeOf<[number, string]>()
    expectTypeOf(typeOf({ type: 'array', prefixItems: [{ type: 'number' }] })).toEqualTypeOf<
      [number, ...unknown[]]
    >()
    expectTypeOf(typeOf({ type: 'array', items: [{ type: 'boolean' }, { type: 'null' }] })).toEqualTypeOf<
      [boolean, null]
    >()
  })

  test('wrong element type is an error', () => {
    const list = typeOf({ type: 'array', items: { type: 'number' } })
    // @ts-expect-error strings are not numbers
    list.push('x')
  })
})
