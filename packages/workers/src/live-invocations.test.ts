import { describe, expect, it } from 'vitest'
import { LiveInvocations } from './live-invocations.js'

const ctx = (name: string) => ({ name }) as unknown as ExecutionContext

describe('LiveInvocations', () => {
  it('gives the newest invocation still held, whichever holds end first', () => {
    const live = new LiveInvocations()
    const [a, b, c] = [ctx('a'), ctx('b'), ctx('c')]
    const ha = live.hold(a)
    const hb = live.hold(b)
    const hc = live.hold(c)
    expect(live.newest()).toBe(c)
    live.release(hb)
    expect(live.newest()).toBe(c)
    live.release(hc)
    expect(live.newest()).toBe(a)
    live.release(ha)
    expect(live.newest()).toBeUndefined()
  })

  it('keeps an invocation alive while any of its holds lasts, and ignores a second release', () => {
    const live = new LiveInvocations()
    const a = ctx('a')
    const request = live.hold(a)
    const stream = live.hold(a)
    live.release(request)
    live.release(request)
    expect(live.newest()).toBe(a)
    live.release(stream)
    expect(live.newest()).toBeUndefined()
  })
})
