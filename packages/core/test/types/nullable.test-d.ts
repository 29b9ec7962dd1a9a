import { describe, expectTypeOf, test } from 'vitest'
import { argsOf, typeOf } from './helpers.js'

describe('nullable patterns', () => {
  test("type: ['string', 'null']", () => {
    expectTypeOf(typeOf({ type: ['string', 'null'] })).toEqualTypeOf<string | null>()
  })

  test('anyOf with a null branch', () => {
    expectTypeOf(typeOf({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqualTypeOf<number | null>()
  })

  test('OpenAPI nullable: true', () => {
    expectTypeOf(typeOf({ type: 'string', nullable: true })).toEqualTypeOf<string | null>()
  })

  test('a nullable object property', () => {
    const args = argsOf({
      type: 'object',
      properties: { due: { type: ['string', 'null'], format: 'date' } },
      required: ['due'],
    })
    expectTypeOf(args).toEqualTypeOf<{ due: string | null }>()
    // @ts-expect-error null must be handled before use as a string
    args.due.toUpperCase()
  })
})
