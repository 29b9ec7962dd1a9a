import { describe, expect, it } from 'vitest'
import { headerBindings, headerMatches, headerText, valueAt } from './x-mcp-header.js'

describe('x-mcp-header annotations', () => {
  it('finds annotations reachable through properties, nested included', () => {
    const r = headerBindings({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        query: { type: 'string' },
        opts: { type: 'object', properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant' } } },
      },
    })
    expect(r.problems).toEqual([])
    expect(r.bindings).toEqual([
      { name: 'Region', path: ['region'] },
      { name: 'Tenant', path: ['opts', 'tenant'] },
    ])
  })

  it.each([
    ['number type', { properties: { a: { type: 'number', 'x-mcp-header': 'A' } } }],
    ['object type', { properties: { a: { type: 'object', 'x-mcp-header': 'A' } } }],
    [
      'inside items',
      { properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } } },
    ],
    ['inside anyOf', { anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] }],
    ['an empty name', { properties: { a: { type: 'string', 'x-mcp-header': '' } } }],
    ['a name with a space', { properties: { a: { type: 'string', 'x-mcp-header': 'A B' } } }],
    [
      'duplicate names (case-insensitive)',
      {
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Dup' },
          b: { type: 'string', 'x-mcp-header': 'dup' },
        },
      },
    ],
  ])('reports %s as a problem', (_label, schema) => {
    expect(headerBindings({ type: 'object', ...schema }).problems.length).toBeGreaterThan(0)
  })

  it('ignores a property merely named x-mcp-header and data keywords', () => {
    const r = headerBindings({
      type: 'object',
      properties: { 'x-mcp-header': { type: 'string' } },
      default: { 'x-mcp-header': 'X' },
    })
    expect(r).toEqual({ bindings: [], problems: [] })
  })

  it('reads values and compares them like the spec says', () => {
    expect(valueAt({ a: { b: 3 } }, ['a', 'b'])).toBe(3)
    expect(valueAt({ a: null }, ['a', 'b'])).toBeUndefined()
    expect(headerText(true)).toBe('true')
    expect(headerText(-7)).toBe('-7')
    expect(headerText(null)).toBeUndefined()
    expect(headerMatches('42.0', 42)).toBe(true)
    expect(headerMatches('42', 43)).toBe(false)
    expect(headerMatches('abc', 0)).toBe(false)
    expect(headerMatches('false', false)).toBe(true)
    expect(headerMatches('False', false)).toBe(false)
    expect(headerMatches('x', 'x')).toBe(true)
  })
})
