import { describe, expect, it } from 'vitest'
import { ID_TOKEN, buildLoadRequest, checkAnswer, findSseMessage, readRpcResponse } from './mcp-client.mjs'
import { workloadById } from './workloads.mjs'

const call = workloadById('a')
const sessionCall = workloadById('b')
const list = workloadById('c')

describe('buildLoadRequest', () => {
  it('stateless 2026-07-28: version in header and _meta, Mcp-Method/Mcp-Name headers', () => {
    const req = buildLoadRequest(call, { version: '2026-07-28' }, 'hi')
    expect(req.headers).toMatchObject({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    })
    const body = JSON.parse(req.body)
    expect(body).toMatchObject({
      id: ID_TOKEN,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' } },
    })
    expect(body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28')
  })

  it('stateless legacy revision: no _meta and no Mcp-Method header', () => {
    const req = buildLoadRequest(list, { version: '2025-11-25' }, 'unused')
    expect(req.headers['mcp-method']).toBeUndefined()
    expect(JSON.parse(req.body)).toEqual({ jsonrpc: '2.0', id: ID_TOKEN, method: 'tools/list', params: {} })
  })

  it('session: carries Mcp-Session-Id and the negotiated version', () => {
    const req = buildLoadRequest(sessionCall, { version: '2025-03-26', sessionId: 's-1' }, 'hi')
    expect(req.headers).toMatchObject({ 'mcp-session-id': 's-1', 'mcp-protocol-version': '2025-03-26' })
    expect(JSON.parse(req.body).params._meta).toBeUndefined()
  })
})

describe('responses', () => {
  it('finds the response with the right id in an SSE stream, ignoring incomplete events', () => {
    const sse =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n' +
      'data: {"jsonrpc":"2.0","id":7,"result":{}}\n\ndata: {"id":8'
    expect(findSseMessage(sse, 7)).toEqual({ jsonrpc: '2.0', id: 7, result: {} })
    expect(findSseMessage(sse, 8)).toBeUndefined()
  })

  it('reads JSON and SSE bodies, rejects HTTP errors', async () => {
    const json = new Response('{"id":"a","result":1}', { headers: { 'content-type': 'application/json' } })
    expect(await readRpcResponse(json, 'a')).toEqual({ id: 'a', result: 1 })
    const sse = new Response('data: {"id":"a","result":2}\n\n', {
      headers: { 'content-type': 'text/event-stream' },
    })
    expect(await readRpcResponse(sse, 'a')).toEqual({ id: 'a', result: 2 })
    await expect(readRpcResponse(new Response('nope', { status: 406 }), 'a')).rejects.toThrow(/HTTP 406/)
  })
})

describe('checkAnswer', () => {
  /** @param {string} text */
  const echo = (text) => ({ result: { content: [{ type: 'text', text }] } })
  /** @param {number} n */
  const tools = (n, props = 5) =>
    Array.from({ length: n }, (_, i) => ({
      name: `t${i}`,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: props }, (_, j) => [`p${j}`, {}])),
      },
    }))

  it('accepts the echoed text only', () => {
    expect(() => checkAnswer(call, echo('x'), 'x', 100)).not.toThrow()
    expect(() => checkAnswer(call, echo('y'), 'x', 100)).toThrow(/wrong echo/)
    expect(() => checkAnswer(call, { error: { code: -32602 } }, 'x', 100)).toThrow(/no result/)
  })

  it('wants exactly N distinct tools with 5 properties each', () => {
    expect(() => checkAnswer(list, { result: { tools: tools(100) } }, '', 100)).not.toThrow()
    expect(() => checkAnswer(list, { result: { tools: tools(99) } }, '', 100)).toThrow(/expected 100/)
    expect(() => checkAnswer(list, { result: { tools: tools(100, 4) } }, '', 100)).toThrow(/malformed/)
  })
})
