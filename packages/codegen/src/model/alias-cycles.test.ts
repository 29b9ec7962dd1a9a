import { describe, expect, it } from 'vitest'
import { breakAliasCycles } from './alias-cycles.js'
import type { NamedType, TypeNode } from './type-node.js'

const ref = (name: string): TypeNode => ({ kind: 'ref', name })
const str: TypeNode = { kind: 'keyword', name: 'string' }

describe('breakAliasCycles', () => {
  it('cuts a loop made of aliases and unions', () => {
    const warnings: string[] = []
    const named: NamedType[] = [
      { name: 'A', type: ref('B'), doc: {} },
      { name: 'B', type: { kind: 'union', members: [ref('A'), str] }, doc: {} },
    ]
    breakAliasCycles(named, (w) => warnings.push(w))
    expect(named.map((n) => n.type)).toEqual([ref('B'), { kind: 'keyword', name: 'unknown' }])
    expect(warnings).toHaveLength(1)
  })

  it('keeps recursion through arrays and objects', () => {
    const json: TypeNode = { kind: 'union', members: [str, { kind: 'array', items: ref('Json') }] }
    const tree: TypeNode = {
      kind: 'object',
      properties: [{ name: 'kids', required: false, type: { kind: 'array', items: ref('Tree') }, doc: {} }],
    }
    const named: NamedType[] = [
      { name: 'Json', type: json, doc: {} },
      { name: 'Tree', type: tree, doc: {} },
    ]
    breakAliasCycles(named, () => {
      throw new Error('no warning expected')
    })
    expect(named.map((n) => n.type)).toEqual([json, tree])
  })
})
