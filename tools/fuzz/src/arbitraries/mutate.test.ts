import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyBytes, applyMutations, applyText, serialise } from './mutate.js'
import { DEEP, expand, HUGE } from './values.js'

describe('mutations', () => {
  it('poison keys become own properties, never prototypes', () => {
    const m = applyMutations({ a: { b: 1 } }, [
      { kind: 'poison', pick: 1, key: '__proto__', value: { polluted: 1 } },
    ])
    const text = serialise(m)
    expect(text).toBe('{"a":{"b":1,"__proto__":{"polluted":1}}}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('placeholders expand to deep nesting and huge strings', () => {
    expect(expand(JSON.stringify([DEEP(3, 'array')]))).toBe('[[[[]]]]')
    expect(expand(JSON.stringify({ a: DEEP(2, 'object') }))).toBe('{"a":{"a":{"a":1}}}')
    expect(expand(JSON.stringify(HUGE(5)))).toBe('"xxxxx"')
    expect(JSON.parse(expand(JSON.stringify(DEEP(10_000, 'array'))))).toBeInstanceOf(Array)
  })

  it('set, delete and id changes hit the message; text and byte changes corrupt it', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (pick, at) => {
        const base = { jsonrpc: '2.0', id: 1, method: 'ping', params: { x: [1, 2] } }
        const changed = applyMutations(base, [{ kind: 'set', pick, value: 'X' }])
        expect(JSON.stringify(changed)).not.toBe(JSON.stringify(base))
        expect(base.params.x).toEqual([1, 2]) // the original is untouched
        const bytes = applyBytes(new TextEncoder().encode('{}'), { at, seq: 0 })
        expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
      }),
      { seed: 3, numRuns: 200 },
    )
    expect(applyMutations({ id: 1 }, [{ kind: 'id', value: null }])).toEqual({ id: null })
    expect(applyMutations({ a: 1, b: 2 }, [{ kind: 'delete', pick: 0 }])).toEqual({ b: 2 })
    expect(applyText('{"a":1}', { kind: 'truncate', at: 3 })).toBe('{"a')
    expect(applyText('{"a":1}', { kind: 'wrap', before: '{"id":{},', after: '' })).toBe('{"id":{},"a":1}')
  })
})
