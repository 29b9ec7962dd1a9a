import { describe, expect, it } from 'vitest'
import { decodeBase64Url, encodeBase64Url } from './base64url.js'

describe('base64url', () => {
  it('round-trips every length of random bytes', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = crypto.getRandomValues(new Uint8Array(n))
      const text = encodeBase64Url(bytes)
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/)
      expect(decodeBase64Url(text)).toEqual(bytes)
    }
  })

  it('uses the URL alphabet', () => {
    expect(encodeBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
    expect(decodeBase64Url('-_8')).toEqual(new Uint8Array([0xfb, 0xff]))
  })

  it('rejects padding, the standard alphabet and impossible lengths', () => {
    expect(decodeBase64Url('AA==')).toBeUndefined()
    expect(decodeBase64Url('+/8')).toBeUndefined()
    expect(decodeBase64Url('A')).toBeUndefined()
    expect(decodeBase64Url('AB CD')).toBeUndefined()
  })
})
