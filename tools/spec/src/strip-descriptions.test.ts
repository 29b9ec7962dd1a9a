import { describe, expect, it } from 'vitest'
import {
  type Json,
  serializeSchema,
  sortKeys,
  stripDescriptions,
  stripSchemaText,
} from './strip-descriptions.js'

describe('stripDescriptions', () => {
  it('removes the keyword at every schema position', () => {
    const schema: Json = {
      description: 'root',
      $defs: {
        A: {
          description: 'a',
          type: 'object',
          properties: { x: { description: 'x', type: 'string' } },
          additionalProperties: { description: 'extra', type: 'number' },
        },
        B: { anyOf: [{ description: 'b0', type: 'string' }], items: { description: 'item' } },
        C: { allOf: [{ $ref: '#/$defs/A', description: 'ref' }], not: { description: 'not' } },
      },
      definitions: { D: { oneOf: [{ description: 'd' }], items: [{ description: 'tuple' }] } },
    }
    expect(stripDescriptions(schema)).toEqual({
      $defs: {
        A: {
          type: 'object',
          properties: { x: { type: 'string' } },
          additionalProperties: { type: 'number' },
        },
        B: { anyOf: [{ type: 'string' }], items: {} },
        C: { allOf: [{ $ref: '#/$defs/A' }], not: {} },
      },
      definitions: { D: { oneOf: [{}], items: [{}] } },
    })
  })

  it('keeps a property named description, and its own schema is stripped', () => {
    const schema: Json = {
      type: 'object',
      properties: { description: { description: 'A human-readable description.', type: 'string' } },
      required: ['description'],
    }
    expect(stripDescriptions(schema)).toEqual({
      type: 'object',
      properties: { description: { type: 'string' } },
      required: ['description'],
    })
  })

  it('leaves data-valued keywords alone', () => {
    const schema: Json = {
      const: { description: 'data' },
      enum: [{ description: 'data' }],
      default: { description: 'data' },
      'x-vendor': { description: 'data' },
    }
    expect(stripDescriptions(schema)).toEqual(schema)
  })

  it('does not modify its input', () => {
    const schema: Json = { description: 'd', properties: { a: { description: 'a' } } }
    const copy = structuredClone(schema)
    stripDescriptions(schema)
    expect(schema).toEqual(copy)
  })
})

describe('serialization', () => {
  it('sorts keys deeply and keeps array order', () => {
    const sorted = sortKeys({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 2 } })
    expect(JSON.stringify(sorted)).toBe('{"a":{"c":2,"d":[3,{"y":2,"z":1}]},"b":1}')
  })

  it('writes 2-space JSON with a trailing newline', () => {
    expect(serializeSchema({ b: true, a: [] })).toBe('{\n  "a": [],\n  "b": true\n}\n')
  })

  it('is independent of the upstream key order', () => {
    const one = stripSchemaText('{"type":"object","description":"x","properties":{"b":{},"a":{}}}')
    const two = stripSchemaText('{"properties":{"a":{},"b":{}},"type":"object"}')
    expect(one).toBe(two)
  })
})
