import { describe, expectTypeOf, test } from 'vitest'
import { typeOf } from './helpers.js'

describe('additionalProperties', () => {
  test('false closes the object', () => {
    const v = typeOf({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    })
    expectTypeOf(v).toEqualTypeOf<{ a: string }>()
  })

  test('a schema types the other keys', () => {
    expectTypeOf(typeOf({ type: 'object', additionalProperties: { type: 'number' } })).toEqualTypeOf<{
      [key: string]: number
    }>()
    const mixed = typeOf({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: { type: 'number' },
    })
    expectTypeOf(mixed.name).toEqualTypeOf<string>()
    expectTypeOf(mixed.other).toEqualTypeOf<string | number | undefined>()
    // @ts-expect-error extra keys are numbers (or the declared types)
    const bad: typeof mixed = { name: 'n', extra: true }
    void bad
  })

  test('true or an object without properties allows any key', () => {
    expectTypeOf(typeOf({ type: 'object', additionalProperties: true })).toEqualTypeOf<{
      [key: string]: unknown
    }>()
    expectTypeOf(typeOf({ type: 'object' })).toEqualTypeOf<{ [key: string]: unknown }>()
  })
})
