import { describe, expect, it } from 'vitest'
import type { Json } from './strip-descriptions.js'
import { UndeclaredPropertyFinder } from './undeclared-properties.js'

const defs: Record<string, Json> = {
  Meta: { type: 'object', properties: { token: { type: 'string' } } },
  Text: { type: 'object', properties: { type: { const: 'text' }, text: { type: 'string' } } },
  Image: { type: 'object', properties: { type: { const: 'image' }, data: { type: 'string' } } },
  Error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
  Request: {
    type: 'object',
    properties: {
      method: { type: 'string' },
      _meta: { $ref: '#/$defs/Meta' },
      content: { type: 'array', items: { anyOf: [{ $ref: '#/$defs/Text' }, { $ref: '#/$defs/Image' }] } },
      error: { allOf: [{ $ref: '#/$defs/Error' }, { type: 'object', properties: { code: { const: 1 } } }] },
      arguments: { type: 'object', additionalProperties: {} },
      labels: { type: 'object', additionalProperties: { $ref: '#/$defs/Text' } },
      anything: {},
    },
  },
}
const find = (value: Json): string[] => new UndeclaredPropertyFinder(defs).find(value, 'Request')

describe('UndeclaredPropertyFinder', () => {
  it('reports nothing for a conforming value', () => {
    expect(
      find({
        method: 'm',
        _meta: { token: 't', 'vendor/extra': 1 },
        content: [
          { type: 'text', text: 'x' },
          { type: 'image', data: 'y' },
        ],
        error: { code: 1, message: 'm' },
        arguments: { free: { deep: true } },
        labels: { a: { type: 'text' } },
        anything: { whatever: 1 },
      }),
    ).toEqual([])
  })

  it('reports undeclared properties at the top and below, as JSON pointers', () => {
    expect(
      find({
        id: 1,
        content: [{ type: 'text', extra: 1 }],
        error: { code: 1, data: {} },
        labels: { a: { type: 'text', 'x/y': 1 } },
      }),
    ).toEqual(['/id', '/content/0/extra', '/error/data', '/labels/a/x~1y'])
  })

  it('rejects an unknown definition', () => {
    expect(() => new UndeclaredPropertyFinder(defs).find({}, 'Nope')).toThrow(/unknown definition/)
  })
})
