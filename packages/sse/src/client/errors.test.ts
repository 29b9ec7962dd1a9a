import { ProtocolError } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { httpStatusOf, SseHttpError } from './errors.js'

describe('httpStatusOf', () => {
  it('reads status, statusCode, an HTTP-range code, or "HTTP nnn" in the message', () => {
    expect(httpStatusOf(new SseHttpError(405, 'x'))).toBe(405)
    expect(httpStatusOf({ statusCode: 404 })).toBe(404)
    expect(httpStatusOf(Object.assign(new Error('e'), { code: 400 }))).toBe(400)
    expect(httpStatusOf(new Error('POST failed: HTTP 404 not found'))).toBe(404)
  })

  it('ignores JSON-RPC codes and anything else', () => {
    expect(httpStatusOf(new ProtocolError(-32600, 'bad'))).toBeUndefined()
    expect(httpStatusOf(Object.assign(new Error('e'), { code: 'ECONNREFUSED' }))).toBeUndefined()
    expect(httpStatusOf(new Error('no status'))).toBeUndefined()
    expect(httpStatusOf('HTTP 404')).toBeUndefined()
    expect(httpStatusOf(null)).toBeUndefined()
  })
})
