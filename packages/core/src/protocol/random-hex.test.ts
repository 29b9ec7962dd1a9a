import { describe, expect, it } from 'vitest'
import { randomHex } from './random-hex.js'

describe('randomHex', () => {
  it('gives two lowercase hex digits a byte, different each time', () => {
    expect(randomHex(6)).toMatch(/^[0-9a-f]{12}$/)
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/)
    expect(randomHex(16)).not.toBe(randomHex(16))
  })
})
