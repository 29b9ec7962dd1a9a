import { describe, expect, it } from 'vitest'
import { type Entry, isEnd, messageOf, seqOf } from './entries.js'

describe('stream entries', () => {
  it('reads the sequence of an id 0-N, the message of an m entry, and the end entry', () => {
    expect(seqOf('0-1')).toBe(1)
    expect(seqOf('0-12345')).toBe(12345)
    const message: Entry = ['0-2', ['m', '{"jsonrpc":"2.0","id":1,"result":{}}', 'u', 'i.1']]
    expect(messageOf(message)).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    expect(messageOf(['0-1', ['p', '', 'u', 'i.0']])).toBeUndefined()
    expect(isEnd(['0-3', ['x', 'ended']])).toBe(true)
    expect(isEnd(message)).toBe(false)
  })
})
