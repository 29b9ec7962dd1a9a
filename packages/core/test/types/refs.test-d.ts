import { describe, expectTypeOf, test } from 'vitest'
import { argsOf, typeOf } from './helpers.js'

describe('$ref into $defs', () => {
  test('#/$defs/… and #/definitions/… resolve against the root schema', () => {
    const args = argsOf({
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      definitions: { label: { type: 'string' } },
      properties: {
        from: { $ref: '#/$defs/point' },
        to: { $ref: '#/$defs/point' },
        name: { $ref: '#/definitions/label' },
      },
      required: ['from', 'to'],
    })
    expectTypeOf(args).toEqualTypeOf<{ from: { x: number }; to: { x: number }; name?: string }>()
  })

  test('a recursive $ref unfolds a few levels, then is unknown (no compile error)', () => {
    const tree = typeOf({
      $defs: {
        node: {
          type: 'object',
          properties: {
            value: { type: 'number' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
          required: ['value'],
        },
      },
      $ref: '#/$defs/node',
    })
    expectTypeOf(tree.value).toEqualTypeOf<number>()
    const grandchild = tree.children?.[0]?.children?.[0]
    expectTypeOf(grandchild?.value).toEqualTypeOf<number | undefined>()
  })

  test('an unresolvable $ref is unknown', () => {
    expectTypeOf(typeOf({ $ref: 'https://example.com/schema.json' })).toEqualTypeOf<unknown>()
    expectTypeOf(typeOf({ $ref: '#/$defs/missing' })).toEqualTypeOf<unknown>()
  })
})
