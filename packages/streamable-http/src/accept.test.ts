import { describe, expect, it } from 'vitest'
import { accepts, isJsonContentType } from './accept.js'

describe('accept', () => {
  it('matches exact types, wildcards and honours q=0', () => {
    expect(accepts('application/json, text/event-stream', 'text/event-stream')).toBe(true)
    expect(accepts('application/json', 'text/event-stream')).toBe(false)
    expect(accepts('*/*', 'text/event-stream')).toBe(true)
    expect(accepts('text/*', 'text/event-stream')).toBe(true)
    expect(accepts('*/*, text/event-stream;q=0', 'text/event-stream')).toBe(false)
    expect(accepts('Application/JSON; charset=utf-8', 'application/json')).toBe(true)
    expect(accepts(null, 'application/json')).toBe(false)
    expect(accepts('text/html', 'application/json')).toBe(false)
  })

  it('recognises JSON content types', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true)
    expect(isJsonContentType('text/plain')).toBe(false)
    expect(isJsonContentType(undefined)).toBe(false)
  })
})
