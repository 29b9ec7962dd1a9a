import { describe, expect, it } from 'vitest'
import { acceptsEventStream, isJsonContentType, readBody } from './shared.js'

describe('acceptsEventStream', () => {
  it('accepts the type itself and wildcards, not q=0 or other types', () => {
    expect(acceptsEventStream('text/event-stream')).toBe(true)
    expect(acceptsEventStream('application/json, text/event-stream')).toBe(true)
    expect(acceptsEventStream('*/*')).toBe(true)
    expect(acceptsEventStream('text/*;q=0.5')).toBe(true)
    expect(acceptsEventStream('text/event-stream;q=0, */*')).toBe(false)
    expect(acceptsEventStream('application/json')).toBe(false)
    expect(acceptsEventStream('')).toBe(false)
    expect(acceptsEventStream(undefined)).toBe(false)
  })
})

describe('isJsonContentType', () => {
  it('matches application/json with parameters, case-insensitively', () => {
    expect(isJsonContentType('application/json')).toBe(true)
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true)
    expect(isJsonContentType('text/plain')).toBe(false)
    expect(isJsonContentType(null)).toBe(false)
  })
})

describe('readBody', () => {
  const req = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('http://h.test/', { method: 'POST', body, headers })

  it('reads UTF-8 text within the limit', async () => {
    expect(await readBody(req('{"a":"é"}'), 100)).toEqual({ ok: true, text: '{"a":"é"}' })
  })

  it('refuses more than the limit (413) and invalid UTF-8 (400 parse error)', async () => {
    const big = await readBody(req('x'.repeat(101)), 100)
    expect(big.ok ? undefined : big.error.httpStatus).toBe(413)
    const bad = await readBody(req(new Uint8Array([0x7b, 0xff, 0x7d])), 100)
    expect(bad.ok ? undefined : [bad.error.httpStatus, bad.error.code]).toEqual([400, -32700])
  })
})
