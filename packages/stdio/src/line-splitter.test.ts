import { describe, expect, it } from 'vitest'
import { LineSplitter } from './line-splitter.js'

describe('LineSplitter', () => {
  it('returns complete lines and keeps the rest for the next chunk', () => {
    const s = new LineSplitter()
    expect(s.push('{"a":1}\n{"b"')).toEqual(['{"a":1}'])
    expect(s.pending).toBe(4)
    expect(s.push(':2}\n')).toEqual(['{"b":2}'])
    expect(s.pending).toBe(0)
  })

  it('accepts CRLF and skips blank lines', () => {
    const s = new LineSplitter()
    expect(s.push('one\r\n\r\n\ntwo\n')).toEqual(['one', 'two'])
  })

  it('keeps a multi-byte character split across chunks whole', () => {
    const s = new LineSplitter()
    const bytes = Buffer.from('{"t":"é€"}\n', 'utf8')
    // Cut inside the 3-byte euro sign.
    const cut = bytes.indexOf(0xe2) + 1
    expect(s.push(bytes.subarray(0, cut))).toEqual([])
    expect(s.push(bytes.subarray(cut))).toEqual(['{"t":"é€"}'])
  })

  it('end() flushes a last line without newline', () => {
    const s = new LineSplitter()
    s.push('a\nb')
    expect(s.end()).toEqual(['b'])
    expect(s.end()).toEqual([])
  })
})
