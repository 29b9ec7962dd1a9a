import { describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { appClient } from './app-client.js'
import { expectLegacyMessage, expectSpec, makeServer, slowCall, sseEvents, strip } from './helpers.js'

const REV = '2025-11-25'

describe('legacy era over app.request()', () => {
  it('initialize opens a session; tools/call answers with one JSON body', async () => {
    const mcp = createMcpHandler(makeServer())
    const client = appClient(mcp)
    const { res, body, sessionId, headers } = await client.initialize(REV)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/)
    expectSpec(REV, 'JSONRPCResultResponse', body)
    expectSpec(REV, 'InitializeResult', body.result)

    const call = await client.post(
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
      headers,
    )
    expect(call.status).toBe(200)
    expect(call.headers.get('content-type')).toContain('application/json')
    const answer = await call.json()
    expect(answer).toMatchObject({ id: 7, result: { content: [{ type: 'text', text: '5' }] } })
    expectSpec(REV, 'CallToolResult', answer.result)
  })

  it('streams progress as SSE: priming event first, then progress, then the response', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const { headers } = await client.initialize(REV)
    const res = await client.post(slowCall('p1', 3, 'tok'), headers)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    expect(res.headers.get('cache-control')).toContain('no-cache')
    const sse = sseEvents(res)
    const priming = await sse.next()
    expect(priming).toMatchObject({ data: '', hasId: true })
    expect(sse.retry).toBe(1000)
    const messages = (await sse.rest()).map(strip)
    expect(messages.map((m) => m.method ?? 'response')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'response',
    ])
    expect(messages.slice(0, 3).map((m) => m.params.progress)).toEqual([1, 2, 3])
    for (const m of messages) expectLegacyMessage(REV, m)
    expect(messages[3]).toMatchObject({ id: 'p1', result: { content: [{ text: 'done 3' }] } })
  })

  it('with jsonResponse the same call is one JSON body (progress dropped)', async () => {
    const client = appClient(createMcpHandler(makeServer(), { jsonResponse: true }))
    const { headers } = await client.initialize(REV)
    const res = await client.post(slowCall(1, 2), headers)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ id: 1, result: { content: [{ text: 'done 2' }] } })
  })

  it('an elicitation request rides the POST stream and is answered by a POSTed response', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const { headers } = await client.initialize(REV, { elicitation: {} })
    const res = await client.post(
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'confirm' } },
      headers,
    )
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const sse = sseEvents(res)
    const request = strip((await sse.message()) as Record<string, any>)
    expect(request.method).toBe('elicitation/create')
    expectLegacyMessage(REV, request)
    const reply = await client.post(
      { jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { ok: true } } },
      headers,
    )
    expect(reply.status).toBe(202)
    expect(await reply.text()).toBe('')
    const final = strip((await sse.message()) as Record<string, any>)
    expect(final).toMatchObject({ id: 9, result: { content: [{ text: 'accept:{"ok":true}' }] } })
    expect(await sse.next()).toBeUndefined()
  })

  it('DELETE ends the session; later requests get 404', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const { headers } = await client.initialize(REV)
    const del = await client.del(headers)
    expect(del.status).toBe(200)
    const after = await client.post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)
    expect(after.status).toBe(404)
    expect((await after.json()).error.code).toBe(-32600)
  })

  it('unknown session id → 404 with a JSON-RPC error', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const res = await client.post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { 'Mcp-Session-Id': 'deadbeef', 'MCP-Protocol-Version': REV },
    )
    expect(res.status).toBe(404)
    const body = await res.json()
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32600 } })
    expectSpec(REV, 'JSONRPCErrorResponse', body)
  })

  it('checks MCP-Protocol-Version against the session; absent means 2025-03-26 or the session version', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const { sessionId } = await client.initialize('2025-06-18')
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
    const wrong = await client.post(list, { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': REV })
    expect(wrong.status).toBe(400)
    const unknown = await client.post(list, {
      'Mcp-Session-Id': sessionId,
      'MCP-Protocol-Version': '1999-01-01',
    })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).error.data.supported).toContain('2025-06-18')
    const absent = await client.post(list, { 'Mcp-Session-Id': sessionId })
    expect(absent.status).toBe(200)
    const right = await client.post(list, {
      'Mcp-Session-Id': sessionId,
      'MCP-Protocol-Version': '2025-06-18',
    })
    expect(right.status).toBe(200)
  })

  it('requests without a session (other than initialize) get 400', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const res = await client.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    expect(res.status).toBe(400)
  })

  it('batches: served on 2025-03-26, refused on 2025-06-18', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 1 } } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]
    const old = await client.initialize('2025-03-26')
    const ok = await client.post(batch, old.headers)
    expect(ok.status).toBe(200)
    const answers = await ok.json()
    expectSpec('2025-03-26', 'JSONRPCBatchResponse', answers)
    expect(answers.map((a: { id: number }) => a.id).sort()).toEqual([1, 2])

    const newer = await client.initialize('2025-06-18')
    const refused = await client.post(batch, newer.headers)
    expect(refused.status).toBe(400)
    const error = await refused.json()
    expect(error.error.code).toBe(-32600)
    // No id to echo: only 2025-11-25's schema can express an error response without one.
    expectSpec(REV, 'JSONRPCErrorResponse', error)
  })
})
