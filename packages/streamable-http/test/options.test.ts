import { describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { appClient, BASE } from './app-client.js'
import { makeServer, slowCall, sseEvents, strip } from './helpers.js'
import { httpPeer } from './peer.js'

const REV = '2025-11-25'

describe('handler options', () => {
  it('jsonResponse: a legacy server→client request goes to the standalone stream, the answer stays JSON', async () => {
    const mcp = createMcpHandler(makeServer(), { jsonResponse: true, keepAliveMs: 0 })
    const client = appClient(mcp)
    const { headers } = await client.initialize(REV, { elicitation: {} })
    const standalone = sseEvents(await client.get(headers))
    expect(await standalone.next()).toMatchObject({ data: '', hasId: true })
    const call = client.post(
      { jsonrpc: '2.0', id: 'c', method: 'tools/call', params: { name: 'confirm' } },
      headers,
    )
    const request = strip((await standalone.message()) as Record<string, unknown>)
    expect(request.method).toBe('elicitation/create')
    const reply = await client.post({ jsonrpc: '2.0', id: request.id, result: { action: 'cancel' } }, headers)
    expect(reply.status).toBe(202)
    const res = await call
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ id: 'c', result: { content: [{ text: 'cancel:{}' }] } })
    await standalone.cancel()
  })

  it('jsonResponse without a standalone stream: the server→client request fails, the call still answers', async () => {
    const client = appClient(createMcpHandler(makeServer(), { jsonResponse: true }))
    const { headers } = await client.initialize(REV, { elicitation: {} })
    const res = await client.post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'confirm' } },
      headers,
    )
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = await res.json()
    expect(body.id).toBe(2)
    expect(JSON.stringify(body)).toMatch(/standalone/i)
  })

  it('authenticate: auth headers reach the server; a session serves only the principal that made it', async () => {
    const seen: string[] = []
    const mcp = createMcpHandler(makeServer(), {
      authenticate: (c) => {
        const token = c.req.header('authorization') ?? ''
        seen.push(token)
        return { principal: token.replace('Bearer ', ''), authInfo: { token } }
      },
    })
    let token = 'alice'
    const peer = httpPeer(`${BASE}`, {
      fetch: async (input, init) => mcp.request(String(input), init),
      authHeaders: async () => ({ Authorization: `Bearer ${token}` }),
      headers: { 'X-Custom': 'yes' },
    })
    await peer.initialize(REV)
    expect((await peer.request('tools/list')).result).toBeDefined()
    expect(seen.every((t) => t === 'Bearer alice')).toBe(true)
    token = 'mallory'
    await expect(peer.request('tools/list')).rejects.toThrow(/expired/)
  })

  it('a custom session store and a disabled event store are honoured', async () => {
    const stored: string[] = []
    const sessions = new Map<string, import('@edgemcp/core').ServerSession>()
    const mcp = createMcpHandler(makeServer(), {
      eventStore: null,
      sessionStore: {
        get: async (id) => sessions.get(id),
        set: async (s) => {
          stored.push(s.id)
          sessions.set(s.id, s)
        },
        delete: async (id) => {
          sessions.delete(id)
        },
      },
    })
    const client = appClient(mcp)
    const { headers, sessionId } = await client.initialize(REV)
    expect(stored).toEqual([sessionId])
    const res = await client.post(slowCall(1, 1), headers)
    const events = sseEvents(res)
    const first = await events.next()
    expect(first?.hasId).toBe(false) // no priming event without an event store
    expect(first?.data).toContain('notifications/progress')
    await events.rest()
    expect((await client.del(headers)).status).toBe(200)
    expect(sessions.size).toBe(0)
  })
})

describe('mounting', () => {
  it('works under app.route() and as a bare fetch handler', async () => {
    const { Hono } = await import('hono')
    const mcp = createMcpHandler(makeServer())
    const app = new Hono().route('/mcp', mcp)
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 't', version: '1' } },
    })
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body,
    }
    expect((await app.request('http://127.0.0.1/mcp', init)).status).toBe(200)
    expect((await app.request('http://127.0.0.1/other', init)).status).toBe(404)
    const worker = { fetch: mcp.fetch }
    expect((await worker.fetch(new Request('http://127.0.0.1/', init))).status).toBe(200)
  })
})
