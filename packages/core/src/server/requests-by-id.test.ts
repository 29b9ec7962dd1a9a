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

// The live invocations of a Worker isolate (@edgemcp/workers' createIsolateServe), keyed by their context.
const ctx = (name: string) => ({ name })

describe('RequestsById as the live invocations of an isolate', () => {
  it('gives the newest invocation still held, whichever holds end first', () => {
    const live = new RequestsById<object, object>()
    const [a, b, c] = [ctx('a'), ctx('b'), ctx('c')]
    const ha = live.add(a, a)
    const hb = live.add(b, b)
    const hc = live.add(c, c)
    expect(live.newest()).toBe(c)
    live.remove(hb)
    expect(live.newest()).toBe(c)
    live.remove(hc)
    expect(live.newest()).toBe(a)
    live.remove(ha)
    expect(live.newest()).toBeUndefined()
  })

  it('keeps an invocation alive while any of its holds lasts, and ignores a second release', () => {
    const live = new RequestsById<object, object>()
    const a = ctx('a')
    const request = live.add(a, a)
    const stream = live.add(a, a)
    live.remove(request)
    live.remove(request)
    expect(live.newest()).toBe(a)
    live.remove(stream)
    expect(live.newest()).toBeUndefined()
  })
})
