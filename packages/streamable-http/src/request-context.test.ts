import { describe, expect, it } from 'vitest'
import { FetchContext, fetchHandler } from './request-context.js'

describe('FetchContext', () => {
  it('reads like a Hono Context: req.raw, req.header(), env, executionCtx', () => {
    const request = new Request('http://x/mcp', { headers: { 'X-A': '1' } })
    const ctx = { waitUntil: () => {} }
    const c = new FetchContext(request, { K: 'v' }, ctx)
    expect(c.req.raw).toBe(request)
    expect(c.req.header('x-a')).toBe('1')
    expect(c.req.header('x-b')).toBeUndefined()
    expect(c.env).toEqual({ K: 'v' })
    expect(c.executionCtx).toBe(ctx)
  })

  it('without an execution context, executionCtx throws (as in Hono)', () => {
    expect(() => new FetchContext(new Request('http://x/')).executionCtx).toThrow(/no execution context/)
  })

  it('fetchHandler hands each request over in a FetchContext', async () => {
    const fetch = fetchHandler((c) => new Response(`${c.req.raw.method} ${c.env}`))
    expect(await (await fetch(new Request('http://x/', { method: 'DELETE' }), 'E')).text()).toBe('DELETE E')
  })
})
