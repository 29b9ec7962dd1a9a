import { describe, expect, it } from 'vitest'
import { decodeHeaderValue, encodeHeaderValue, isPlainHeaderValue } from './header-value.js'

describe('header value encoding (2026-07-28 Value Encoding)', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('encodes %j as the spec table does', (input, encoded) => {
    expect(encodeHeaderValue(input)).toBe(encoded)
    expect(decodeHeaderValue(encoded)).toEqual({ ok: true, value: input })
  })

  it('treats values without the full sentinel as literal and trims surrounding whitespace', () => {
    expect(decodeHeaderValue('SGVsbG8=')).toEqual({ ok: true, value: 'SGVsbG8=' })
    expect(decodeHeaderValue('=?base64?SGVsbG8=')).toEqual({ ok: true, value: '=?base64?SGVsbG8=' })
    expect(decodeHeaderValue('  tool  ')).toEqual({ ok: true, value: 'tool' })
  })

  it('rejects bad padding, non-alphabet characters and control characters', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8?=').ok).toBe(false)
    expect(decodeHeaderValue('=?base64?SGVs!!!bG8=?=').ok).toBe(false)
    expect(decodeHeaderValue('a\u0001b').ok).toBe(false)
    expect(decodeHeaderValue('=?base64?/w==?=').ok).toBe(false) // 0xff is not UTF-8
  })

  it('knows which values are plain', () => {
    expect(isPlainHeaderValue('file:///a%20b.txt')).toBe(true)
    expect(isPlainHeaderValue('a\tb')).toBe(false)
    expect(isPlainHeaderValue('')).toBe(true)
  })
})
