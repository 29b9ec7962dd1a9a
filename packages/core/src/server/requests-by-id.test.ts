import { describe, expect, it } from 'vitest'
import { RequestsById } from './requests-by-id.js'

describe('RequestsById', () => {
  it('finds requests by id, a string id never matching a number id', () => {
    const list = new RequestsById<string>()
    list.add(1, 'one')
    list.add('1', 'string one')
    list.add(2, 'two')
    expect(list.get(1)).toBe('one')
    expect(list.get('1')).toBe('string one')
    expect(list.has(3)).toBe(false)
    expect(list.size).toBe(3)
    expect(list.values()).toEqual(['two', 'string one', 'one'])
  })

  it('removes from the head, the middle and the tail, once', () => {
    const list = new RequestsById<string>()
    const [a, b, c] = [list.add('a', 'A'), list.add('b', 'B'), list.add('c', 'C')]
    list.remove(b)
    expect(list.values()).toEqual(['C', 'A'])
    list.remove(b)
    expect(list.size).toBe(2)
    list.remove(c)
    expect(list.values()).toEqual(['A'])
    list.remove(a)
    expect(list.size).toBe(0)
    expect(list.get('a')).toBeUndefined()
    expect([a.prev, a.next, b.prev, b.next]).toEqual([undefined, undefined, undefined, undefined])
  })

  it('finds the newest of two requests with one id, then the older once the newest is removed', () => {
    const list = new RequestsById<string>()
    list.add(7, 'first')
    const second = list.add(7, 'second')
    expect(list.get(7)).toBe('second')
    list.remove(second)
    expect(list.get(7)).toBe('first')
  })

  it('clears every entry, so that a later remove of one does nothing', () => {
    const list = new RequestsById<number>()
    const entries = [1, 2, 3].map((n) => list.add(n, n))
    list.clear()
    expect(list.size).toBe(0)
    expect(list.values()).toEqual([])
    for (const e of entries) list.remove(e)
    expect(list.size).toBe(0)
    list.add(4, 4)
    expect(list.values()).toEqual([4])
  })
})
