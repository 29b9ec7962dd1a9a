import { describe, expect, it } from 'vitest'
import { decodeMessage, parseJson, readId } from './codec.js'

describe('decodeMessage', () => {
  const cases: Array<[string, unknown, 'request' | 'notification' | 'response' | 'error' | 'invalid']> = [
    ['request', { jsonrpc: '2.0', id: 1, method: 'ping' }, 'request'],
    ['string id', { jsonrpc: '2.0', id: 'a', method: 'ping', params: {} }, 'request'],
    ['notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'notification'],
    ['result', { jsonrpc: '2.0', id: 1, result: {} }, 'response'],
    ['error', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, 'error'],
    ['error without id', { jsonrpc: '2.0', error: { code: -32700, message: 'x' } }, 'error'],
    ['null id request', { jsonrpc: '2.0', id: null, method: 'ping' }, 'invalid'],
    ['object id', { jsonrpc: '2.0', id: {}, method: 'ping' }, 'invalid'],
    ['wrong version', { jsonrpc: '1.0', id: 1, method: 'ping' }, 'invalid'],
    ['array params', { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] }, 'invalid'],
    ['method number', { jsonrpc: '2.0', id: 1, method: 5 }, 'invalid'],
    ['result and error', { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: '' } }, 'invalid'],
    ['float code', { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: '' } }, 'invalid'],
    ['string', 'hello', 'invalid'],
    ['null', null, 'invalid'],
    ['empty object', {}, 'invalid'],
    ['NaN-ish id', { jsonrpc: '2.0', id: Number.POSITIVE_INFINITY, method: 'x' }, 'invalid'],
    ['fractional id', { jsonrpc: '2.0', id: 1.5, method: 'x' }, 'invalid'],
    ['fractional response id', { jsonrpc: '2.0', id: -0.5, result: {} }, 'invalid'],
  ]
  it.each(cases)('%s', (_name, input, want) => {
    const got = decodeMessage(input)
    if (want === 'invalid') {
      expect(got.ok).toBe(false)
      if (!got.ok) expect(got.error.code).toBe(-32600)
      return
    }
    expect(got.ok).toBe(true)
    if (!got.ok) return
    const m = got.message
    const kind =
      'method' in m ? ('id' in m ? 'request' : 'notification') : 'error' in m ? 'error' : 'response'
    expect(kind).toBe(want)
  })

  it('keeps the id of an invalid request for the error reply', () => {
    const got = decodeMessage({ jsonrpc: '2.0', id: 7, method: 3 })
    expect(got.ok ? null : got.id).toBe(7)
    expect(readId({ id: null })).toBeNull()
  })
})

describe('parseJson', () => {
  it('reports -32700 on malformed JSON', () => {
    const r = parseJson('{"jsonrpc":')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe(-32700)
  })
  it('does not turn __proto__ into a prototype', () => {
    const r = parseJson('{"__proto__":{"polluted":true}}')
    expect(r.ok).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
