import { Validator } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileQuickAccept } from './quick-accept.js'

// The quick path may only say "valid" where the full validator does: checked by property over every schema
// shape it claims to understand, with values built to hit those schemas (and random JSON besides).

const NAMES = ['a', 'b', 'c', 'd', 'text', '__proto__', 'constructor']
const primitiveType = fc.constantFrom('string', 'number', 'integer', 'boolean')
const scalar = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noDefaultInfinity: false, noNaN: false }),
  fc.boolean(),
  fc.constant(null),
)
const propertySchema = fc.record(
  {
    type: fc.oneof(
      primitiveType,
      primitiveType.map((t) => [t]),
    ),
    enum: fc.array(scalar, { minLength: 1, maxLength: 4 }),
    description: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: ['type'] },
)
const objectSchema = fc.record(
  {
    type: fc.constant('object'),
    properties: fc.dictionary(fc.constantFrom(...NAMES), propertySchema, { maxKeys: 4 }),
    required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
    additionalProperties: fc.boolean(),
    title: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: ['type'] },
)
const value = fc.oneof(
  fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  scalar,
)

describe('compileQuickAccept against the full validator', () => {
  it('never accepts what @cfworker/json-schema refuses, and understands the shapes it was made for', () => {
    let understood = 0
    let accepted = 0
    fc.assert(
      fc.property(objectSchema, fc.array(value, { minLength: 1, maxLength: 8 }), (schema, values) => {
        const quick = compileQuickAccept(schema)
        if (quick === undefined) return
        understood++
        const full = new Validator(schema, '2020-12', false)
        for (const v of values) {
          if (!quick(v)) continue
          accepted++
          expect(full.validate(v).valid, JSON.stringify({ schema, v })).toBe(true)
        }
      }),
      { numRuns: 2000 },
    )
    // the property above holds trivially if the quick path never runs: make sure it did, often
    expect(understood).toBeGreaterThan(1000)
    expect(accepted).toBeGreaterThan(500)
  })
})
