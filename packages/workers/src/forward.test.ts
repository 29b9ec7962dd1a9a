import { describe, expect, it } from 'vitest'
import {
  AUTH_HEADER,
  decodeAuth,
  encodeAuth,
  INTERNAL_HEADERS,
  NEW_SESSION_HEADER,
  withInternalHeaders,
} from './forward.js'

describe('auth forwarded to Durable Objects', () => {
  it('round-trips the principal and a JSON authInfo, non-ASCII included', () => {
    const auth = {
      principal: 'https://issuer.test|zoë',
      authInfo: { subject: 'zoë', scopes: ['notes'], claims: { name: 'Zoë 🦊', exp: 1 } },
    }
    const value = encodeAuth(auth)
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeAuth(value)).toEqual(auth)
  })

  it('keeps an anonymous caller anonymous', () => {
    expect(decodeAuth(encodeAuth({}))).toEqual({})
  })

  it('reads nothing from a missing or malformed value', () => {
    expect(decodeAuth(undefined)).toBeUndefined()
    expect(decodeAuth(null)).toBeUndefined()
    expect(decodeAuth('%%%')).toBeUndefined()
    expect(decodeAuth(btoa('"just a string"'))).toBeUndefined()
  })

  it('drops internal headers a client sent before adding the Worker’s own', () => {
    const forged = new Request('http://x.test/mcp', {
      headers: { [AUTH_HEADER]: encodeAuth({ principal: 'mallory' }), [NEW_SESSION_HEADER]: 'f'.repeat(32) },
    })
    const plain = withInternalHeaders(forged, undefined)
    expect(plain.headers.get(AUTH_HEADER)).toBeNull()
    expect(plain.headers.get(NEW_SESSION_HEADER)).toBeNull()
    const mine = withInternalHeaders(forged, { principal: 'alice' }, undefined, 'e'.repeat(32))
    expect(decodeAuth(mine.headers.get(AUTH_HEADER))).toEqual({ principal: 'alice' })
    expect(mine.headers.get(NEW_SESSION_HEADER)).toBe('e'.repeat(32))
  })

  it('drops each internal header a client sent, even alone and with nothing to add', () => {
    for (const name of INTERNAL_HEADERS) {
      const forged = new Request('http://x.test/mcp', {
        headers: { [name]: 'forged', 'mcp-session-id': 'a' },
      })
      const forwarded = withInternalHeaders(forged, undefined)
      expect(forwarded).not.toBe(forged)
      expect(forwarded.headers.get(name)).toBeNull()
      expect(forwarded.headers.get('mcp-session-id')).toBe('a')
    }
  })

  it('forwards a request as it came when the Worker adds nothing: its body unread', async () => {
    const request = new Request('http://x.test/mcp', {
      method: 'POST',
      headers: { 'mcp-session-id': 'a', 'x-edgemcp-other': 'kept' },
      body: '{"b":2}',
    })
    const forwarded = withInternalHeaders(request, undefined)
    expect(forwarded).toBe(request)
    expect(request.bodyUsed).toBe(false)
    expect(await forwarded.text()).toBe('{"b":2}')
  })

  it('forwards the body the Worker read in place of the request’s own, when given', async () => {
    const request = new Request('http://x.test/mcp', { method: 'POST', body: 'ignored' })
    expect(await withInternalHeaders(request, undefined, '{"a":1}').text()).toBe('{"a":1}')
    expect(await withInternalHeaders(request, undefined).text()).toBe('ignored')
  })
})
