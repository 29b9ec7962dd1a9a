import { describe, expect, it } from 'vitest'
import { createSessionId, ServerSession } from './session.js'

describe('ServerSession', () => {
  it('mints unguessable 128-bit ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createSessionId()))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
  })

  it('survives a snapshot round trip, principal binding included', () => {
    const s = new ServerSession()
    s.protocolVersion = '2025-06-18'
    s.clientCapabilities = { elicitation: {} }
    s.logLevel = 'warning'
    s.subscriptions.add('note://1')
    s.initialized = true
    s.principal = 'iss|alice'
    const back = ServerSession.restore(JSON.parse(JSON.stringify(s.snapshot())))
    expect(back.snapshot()).toEqual(s.snapshot())
    expect(back.principal).toBe('iss|alice')
  })

  it('rejects pending server→client requests when closed, and times them out', async () => {
    const s = new ServerSession(undefined, { requestTimeoutMs: 20 })
    const sent: unknown[] = []
    s.attach((m) => {
      sent.push(m)
    })
    const timedOut = s.request('roots/list', {})
    await expect(timedOut).rejects.toMatchObject({ kind: 'timeout' })
    const pending = s.request('roots/list', {}, { timeoutMs: 10_000 })
    s.close()
    await expect(pending).rejects.toMatchObject({ kind: 'closed' })
    expect(sent).toHaveLength(2)
    expect(s.pendingCount).toBe(0)
  })

  it('tells the client when a pending server→client request is cancelled', async () => {
    const s = new ServerSession()
    const sent: Array<Record<string, any>> = []
    s.attach((m) => {
      sent.push(m as Record<string, any>)
    })
    const stop = new AbortController()
    const p = s.request('elicitation/create', { message: 'x' }, { signal: stop.signal })
    stop.abort()
    await expect(p).rejects.toMatchObject({ kind: 'aborted' })
    expect(sent[1]).toMatchObject({ method: 'notifications/cancelled', params: { requestId: sent[0]?.id } })
  })

  it('fails at once when the channel throws synchronously', async () => {
    const s = new ServerSession(undefined, { requestTimeoutMs: 60_000 })
    s.attach(() => {
      throw new Error('stream gone')
    })
    await expect(s.request('roots/list', {})).rejects.toThrow('stream gone')
    expect(s.pendingCount).toBe(0)
  })

  it('resolves a pending request with the matching response only', async () => {
    const s = new ServerSession()
    let id: string | number = ''
    s.attach((m) => {
      id = (m as { id: string }).id
    })
    const p = s.request('elicitation/create', { message: 'x' })
    await Promise.resolve()
    expect(s.resolve({ jsonrpc: '2.0', id: 'nope', result: {} })).toBe(false)
    expect(s.resolve({ jsonrpc: '2.0', id, result: { action: 'accept' } })).toBe(true)
    await expect(p).resolves.toEqual({ action: 'accept' })
  })
})
