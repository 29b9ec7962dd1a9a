import { afterEach, describe, expect, it, vi } from 'vitest'
import { sharedKeepAlive } from './sse-keep-alive.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('sharedKeepAlive', () => {
  it('ticks every target of a period with one interval, and stops the interval with the last target', () => {
    vi.useFakeTimers()
    const ticks: string[] = []
    const a = { tick: () => ticks.push('a') }
    const b = { tick: () => ticks.push('b') }
    const c = { tick: () => ticks.push('c') }
    sharedKeepAlive.join(100, a)
    sharedKeepAlive.join(100, b)
    sharedKeepAlive.join(250, c)
    expect(vi.getTimerCount()).toBe(2)
    vi.advanceTimersByTime(100)
    expect(ticks).toEqual(['a', 'b'])
    sharedKeepAlive.leave(100, a)
    vi.advanceTimersByTime(150)
    expect(ticks).toEqual(['a', 'b', 'b', 'c'])
    expect(sharedKeepAlive.size(100)).toBe(1)
    sharedKeepAlive.leave(100, b)
    sharedKeepAlive.leave(100, b) // twice: no effect
    sharedKeepAlive.leave(250, c)
    expect(sharedKeepAlive.size(100)).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('lets a target leave while the ticker runs through the targets', () => {
    vi.useFakeTimers()
    const ticks: string[] = []
    const b = { tick: () => ticks.push('b') }
    const a = {
      tick: () => {
        ticks.push('a')
        sharedKeepAlive.leave(50, a)
        sharedKeepAlive.leave(50, b)
      },
    }
    sharedKeepAlive.join(50, a)
    sharedKeepAlive.join(50, b)
    vi.advanceTimersByTime(200)
    expect(ticks).toEqual(['a'])
    expect(vi.getTimerCount()).toBe(0)
  })
})
