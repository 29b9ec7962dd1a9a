import { describe, expectTypeOf, test } from 'vitest'
import { argsOf } from './helpers.js'

describe('nested objects', () => {
  test('objects inside objects, each with its own required list', () => {
    const args = argsOf({
      type: 'object',
      properties: {
        user: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            address: {
              type: 'object',
              properties: { city: { type: 'string' }, zip: { type: 'string' } },
              required: ['city'],
            },
          },
          required: ['name', 'address'],
        },
      },
      required: ['user'],
    })
    expectTypeOf(args).toEqualTypeOf<{ user: { name: string; address: { city: string; zip?: string } } }>()
    expectTypeOf(args.user.address.city).toEqualTypeOf<string>()
    // @ts-expect-error zip is optional
    const zip: string = args.user.address.zip
    void zip
  })
})
