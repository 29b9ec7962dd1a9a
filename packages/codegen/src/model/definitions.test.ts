import { describe, expect, it } from 'vitest'
import { convertSchema } from './convert.js'
import { DefinitionRegistry } from './definitions.js'
import { NameAllocator } from './identifiers.js'
import type { SchemaDocument } from './refs.js'

function setup() {
  const warnings: string[] = []
  const definitions = new DefinitionRegistry(new NameAllocator(), (w) => warnings.push(w))
  const convert = (root: unknown, id: string) => {
    const doc: SchemaDocument = { id, root, rootName: `${id}Input` }
    return convertSchema(root, { doc, definitions })
  }
  const drain = () => definitions.drain((schema, doc) => convertSchema(schema, { doc, definitions }))
  return { convert, drain, warnings }
}

const cycle = (first: string) => ({
  type: 'object',
  $defs: {
    A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
    B: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } },
  },
  properties: { x: { $ref: `#/$defs/${first}` } },
})

describe('DefinitionRegistry', () => {
  it('shares structurally identical definitions across documents, whatever their key', () => {
    const { convert, drain } = setup()
    const address = { type: 'object', properties: { city: { type: 'string' } } }
    convert({ $defs: { Address: address }, properties: { a: { $ref: '#/$defs/Address' } } }, 'one')
    convert({ definitions: { addr: address }, properties: { b: { $ref: '#/definitions/addr' } } }, 'two')
    expect(drain().map((d) => d.name)).toEqual(['Address'])
  })

  it('keeps different definitions with the same key apart', () => {
    const { convert, drain } = setup()
    convert({ $defs: { Node: { type: 'string' } }, properties: { a: { $ref: '#/$defs/Node' } } }, 'one')
    convert({ $defs: { Node: { type: 'number' } }, properties: { a: { $ref: '#/$defs/Node' } } }, 'two')
    expect(drain().map((d) => d.name)).toEqual(['Node', 'Node2'])
  })

  it('shares a mutually recursive pair entered from either side', () => {
    const { convert, drain } = setup()
    convert(cycle('A'), 'one')
    convert(cycle('B'), 'two')
    convert(cycle('A'), 'three')
    expect(drain().map((d) => d.name)).toEqual(['A', 'B'])
  })

  it('tells apart definitions that differ only in what they reference', () => {
    const { convert, drain } = setup()
    const wrap = (leaf: string) => ({
      $defs: { Wrap: { properties: { v: { $ref: '#/$defs/Leaf' } } }, Leaf: { type: leaf } },
      properties: { w: { $ref: '#/$defs/Wrap' } },
    })
    convert(wrap('string'), 'one')
    convert(wrap('number'), 'two')
    expect(drain().map((d) => d.name)).toEqual(['Wrap', 'Wrap2', 'Leaf', 'Leaf2'])
  })

  it('types an unresolvable reference as unknown, with a warning', () => {
    const { convert, warnings } = setup()
    expect(convert({ $ref: 'https://example.com/x.json' }, 'one')).toEqual({
      kind: 'keyword',
      name: 'unknown',
    })
    expect(convert({ $ref: '#/$defs/Missing' }, 'two')).toEqual({ kind: 'keyword', name: 'unknown' })
    expect(warnings).toHaveLength(2)
  })

  it('resolves the root, anchors and escaped pointers', () => {
    const { convert, drain } = setup()
    const root = {
      $defs: { 'a/b': { $anchor: 'ab', type: 'string' } },
      properties: { self: { $ref: '#' }, anchored: { $ref: '#ab' }, escaped: { $ref: '#/%24defs/a~1b' } },
    }
    const type = convert(root, 'one')
    expect(type.kind === 'object' && type.properties.map((p) => p.type)).toEqual([
      { kind: 'ref', name: 'oneInput' },
      { kind: 'ref', name: 'AB' },
      { kind: 'ref', name: 'AB' },
    ])
    expect(drain()).toHaveLength(1)
  })
})
