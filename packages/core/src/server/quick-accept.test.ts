import { Validator } from '@cfworker/json-schema'
import { describe, expect, it } from 'vitest'
import { compileQuickAccept } from './quick-accept.js'

const schemas: Array<Record<string, unknown>> = [
  { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  {
    type: 'object',
    properties: {
      a: { type: 'number', description: 'x' },
      b: { type: 'integer' },
      c: { type: 'boolean' },
      d: { type: 'string', enum: ['x', 'y'] },
    },
    additionalProperties: false,
  },
  { type: 'object' },
]

const values: unknown[] = [
  {},
  { text: 'hi' },
  { text: 5 },
  { a: 1.5, b: 2, c: true, d: 'x' },
  { a: 1.5, b: 2.5 },
  { d: 'z' },
  { extra: 1 },
  { b: Number.NaN },
  null,
  [],
  'str',
  JSON.parse('{"__proto__": {"text": "x"}}'),
]

describe('compileQuickAccept', () => {
  it.each(schemas)('never says valid where the full validator says invalid (%j)', (schema) => {
    const fast = compileQuickAccept(schema)
    expect(fast).toBeDefined()
    const full = new Validator(schema as never, '2020-12', false)
    for (const v of values) if (fast?.(v)) expect(full.validate(v).valid).toBe(true)
  })

  it('agrees with the full validator on valid values of simple schemas', () => {
    const fast = compileQuickAccept(schemas[1]!)
    expect(fast?.({ a: 1, b: 2, c: false, d: 'y' })).toBe(true)
    expect(fast?.({ b: 2.5 })).toBe(false)
  })

  it('declines schemas it does not understand', () => {
    for (const schema of [
      { type: 'object', properties: { a: { type: 'array' } } },
      { type: 'object', properties: { a: { type: 'string', minLength: 2 } } },
      { type: 'object', anyOf: [] },
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'object', properties: { a: { $ref: '#/$defs/x' } } },
    ])
      expect(compileQuickAccept(schema)).toBeUndefined()
  })
})
