import { describe, expect, it } from 'vitest'
import { sessionBelongsTo } from './session-owner.js'

describe('sessionBelongsTo', () => {
  it('lets a bound session serve only its principal', () => {
    expect(sessionBelongsTo({ principal: 'alice' }, 'alice')).toBe(true)
    expect(sessionBelongsTo({ principal: 'alice' }, 'bob')).toBe(false)
    expect(sessionBelongsTo({ principal: 'alice' }, undefined)).toBe(false)
  })

  it('lets an unbound session serve whoever has its id', () => {
    expect(sessionBelongsTo({ principal: undefined }, undefined)).toBe(true)
    expect(sessionBelongsTo({ principal: undefined }, 'bob')).toBe(true)
  })
})
