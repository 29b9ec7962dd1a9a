import { ServerSession } from '@edgemcp/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  bindingSessionFactory,
  bindSessionToPrincipal,
  SESSION_PRINCIPAL_MISMATCH_STATUS,
  sessionBelongsTo,
  sessionGuard,
} from './session-binding.js'

describe('session binding', () => {
  it('records the creating principal and serves only it afterwards', () => {
    const s = bindSessionToPrincipal(new ServerSession(), 'as|alice')
    expect(s.principal).toBe('as|alice')
    expect(sessionBelongsTo(s, 'as|alice')).toBe(true)
    expect(sessionBelongsTo(s, 'as|bob')).toBe(false)
    expect(sessionBelongsTo(s, undefined)).toBe(false)
    expect(bindSessionToPrincipal(s, 'as|alice')).toBe(s)
    expect(() => bindSessionToPrincipal(s, 'as|bob')).toThrow(/another principal/)
  })

  it('leaves sessions opened without authentication unbound', () => {
    const s = bindSessionToPrincipal(new ServerSession(), undefined)
    expect(s.principal).toBeUndefined()
    expect(sessionBelongsTo(s, undefined)).toBe(true)
    expect(sessionBelongsTo(s, 'as|bob')).toBe(true)
  })

  it('wraps a session factory', () => {
    const make = bindingSessionFactory(() => new ServerSession(), 'as|carol')
    const a = make()
    const b = make()
    expect(a).not.toBe(b)
    expect([a.principal, b.principal]).toEqual(['as|carol', 'as|carol'])
  })

  it('sessionGuard answers 404 for a session of another principal and lets the rest through', async () => {
    const sessions = new Map([['s1', bindSessionToPrincipal(new ServerSession('s1'), 'as|alice')]])
    const app = new Hono()
    app.use('/mcp', async (c, next) => {
      const who = c.req.header('x-test-user')
      if (who) c.set('authPrincipalId', who)
      await next()
    })
    app.use('/mcp', sessionGuard({ getSession: (id) => sessions.get(id) }))
    app.post('/mcp', (c) => c.text('through'))
    const post = (headers: Record<string, string>) => app.request('/mcp', { method: 'POST', headers })

    expect(await (await post({ 'mcp-session-id': 's1', 'x-test-user': 'as|alice' })).text()).toBe('through')
    expect(await (await post({ 'mcp-session-id': 'unknown', 'x-test-user': 'as|bob' })).text()).toBe(
      'through',
    )
    expect(await (await post({ 'x-test-user': 'as|bob' })).text()).toBe('through')
    for (const headers of [{ 'mcp-session-id': 's1', 'x-test-user': 'as|bob' }, { 'mcp-session-id': 's1' }]) {
      const res = await post(headers)
      expect(res.status).toBe(SESSION_PRINCIPAL_MISMATCH_STATUS)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Session not found' },
      })
    }
  })
})
