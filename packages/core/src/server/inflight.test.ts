import { describe, expect, it } from 'vitest'
import { InflightRequests } from './inflight.js'
import { RequestAbort } from './request-abort.js'

describe('InflightRequests', () => {
  it('adds and removes from the head, the middle and the tail', () => {
    const list = new InflightRequests()
    const [a, b, c] = [new RequestAbort(), new RequestAbort(), new RequestAbort()]
    for (const r of [a, b, c]) list.add(r)
    expect(list.toArray().length).toBe(3)
    expect(list.toArray()).toEqual([c, b, a])
    list.delete(b)
    expect(list.toArray()).toEqual([c, a])
    list.delete(c)
    expect(list.toArray()).toEqual([a])
    list.delete(a)
    expect(list.toArray().length).toBe(0)
    expect(list.toArray()).toEqual([])
  })

  it('ignores a second add and the removal of a request it does not hold', () => {
    const list = new InflightRequests()
    const [a, b] = [new RequestAbort(), new RequestAbort()]
    list.add(a)
    list.add(a)
    list.delete(b)
    expect(list.toArray().length).toBe(1)
    list.delete(a)
    list.delete(a)
    expect(list.toArray().length).toBe(0)
    list.add(a)
    expect(list.toArray()).toEqual([a])
  })
})
