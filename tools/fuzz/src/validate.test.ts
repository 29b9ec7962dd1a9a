import { describe, expect, it } from 'vitest'
import { bodyProblems, isErrorBody, messageProblems } from './validate.js'

describe('reply validation', () => {
  it('accepts well-formed responses, notifications and errors with a null id', () => {
    expect(messageProblems({ jsonrpc: '2.0', id: 1, result: {} })).toEqual([])
    expect(messageProblems({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })).toEqual([])
    expect(messageProblems({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'x' } })).toEqual([])
    expect(isErrorBody({ jsonrpc: '2.0', id: 'a', error: { code: -32600, message: 'x' } })).toBe(true)
  })

  it('rejects float ids, missing codes, wrong versions and empty batches', () => {
    expect(messageProblems({ jsonrpc: '2.0', id: 1.5, error: { code: 1, message: 'x' } })).not.toEqual([])
    expect(messageProblems({ jsonrpc: '2.0', id: 1, error: { message: 'x' } })).not.toEqual([])
    expect(messageProblems({ jsonrpc: '1.0', id: 1, result: {} })).not.toEqual([])
    expect(messageProblems({ jsonrpc: '2.0', id: 1 })).not.toEqual([])
    expect(messageProblems('text')).not.toEqual([])
    expect(bodyProblems([])).not.toEqual([])
    expect(isErrorBody({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false)
  })
})
