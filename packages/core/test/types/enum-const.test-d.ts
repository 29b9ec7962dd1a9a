import { describe, expectTypeOf, test } from 'vitest'
import { argsOf, typeOf } from './helpers.js'

describe('enum and const', () => {
  test('enum is the union of its values', () => {
    expectTypeOf(typeOf({ type: 'string', enum: ['c', 'f'] })).toEqualTypeOf<'c' | 'f'>()
    expectTypeOf(typeOf({ enum: [1, 2, null] })).toEqualTypeOf<1 | 2 | null>()
  })

  test('const is its value', () => {
    expectTypeOf(typeOf({ const: 'v1' })).toEqualTypeOf<'v1'>()
    expectTypeOf(typeOf({ type: 'boolean', const: true })).toEqualTypeOf<true>()
  })

  test('in arguments', () => {
    const args = argsOf({
      type: 'object',
      properties: { unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, v: { const: 2 } },
      required: ['unit', 'v'],
    })
    expectTypeOf(args.unit).toEqualTypeOf<'celsius' | 'fahrenheit'>()
    expectTypeOf(args.v).toEqualTypeOf<2>()
    // @ts-expect-error not one of the values
    const kelvin: typeof args.unit = 'kelvin'
    void kelvin
  })
})
