import { ToolServer } from '@edgemcp/core/tools-only'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, serve } from '../src/node.js'
import { createStatelessJsonHandler, type StatelessJsonHandlerOptions } from '../src/stateless.js'
import { expectSpec, type Json, MODERN, makeServer, modernHeaders, modernMeta, post } from './helpers.js'
import { httpPeer } from './peer.js'

// The JSON-only stateless handler, as the README's smallest Worker uses it: ToolServer (and McpServer) over
// node:http, through the client transport and raw fetches.

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

function makeToolServer(): ToolServer {
  const server = new ToolServer({ name: 'calc', version: '1.0.0' })
  server.tool(
    'add',
    {
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  )
  server.tool('count', {}, async (_args, ctx) => {
    for (let i = 1; i <= 2; i++) await ctx.progress(i, 2)
    return { content: [{ type: 'text', text: 'counted' }] }
  })
  return server
}

async function start(
  server: ToolServer | ReturnType<typeof makeServer>,
  options?: StatelessJsonHandlerOptions,
) {
  running = await serve({ fetch: createStatelessJsonHandler(server, options) })
  return `${running.url}/`
}

describe('createStatelessJsonHandler: 2026-07-28, JSON answers only, over node:http', () => {
  it('serves a ToolServer to the client transport: discover, list, calls valid and invalid, unknown methods', async () => {
    const peer = httpPeer(await start(makeToolServer()))
    const discover = await peer.modern('server/discover')
    expectSpec(MODERN, 'DiscoverResult', discover.result)
    expect(discover.result.capabilities.tools).toBeDefined()
    const list = await peer.modern('tools/list')
    expect(list.result.tools.map((t: Json) => t.name)).toEqual(['add', 'count'])
    const sum = await peer.modern('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })
    expect(sum.result.content).toEqual([{ type: 'text', text: '5' }])
    const bad = await peer.modern('tools/call', { name: 'add', arguments: { a: 2 } })
    expect(bad.result.isError).toBe(true)
    const unknown = await peer.modern('prompts/list')
    expect(unknown.error.code).toBe(-32601)
    expect(peer.errors).toEqual([])
    await peer.transport.close()
  })

  it('answers JSON even when the handler reports progress (the notifications are dropped)', async () => {
    const url = await start(makeToolServer())
    const r = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'count', arguments: {}, _meta: modernMeta({ progressToken: 'p' }) },
      },
      modernHeaders('tools/call', 'count'),
    )
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('application/json')
    const body = (await r.json()) as Json
    expect(body.result.content[0].text).toBe('counted')
  })

  it('refuses subscriptions/listen of an McpServer (it can only stream), legacy clients, GET, bad headers', async () => {
    const url = await start(makeServer())
    const listen = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: modernMeta() },
      },
      modernHeaders('subscriptions/listen'),
    )
    expect(listen.status).toBe(404)
    expect(((await listen.json()) as Json).error.code).toBe(-32601)
    const init = await post(url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    })
    expect(init.status).toBe(400)
    expect(((await init.json()) as Json).error.data.supported).toEqual([MODERN])
    const get = await fetch(url, { headers: { Accept: 'text/event-stream' } })
    expect(get.status).toBe(405)
    const mismatch = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add', arguments: {}, _meta: modernMeta() },
      },
      modernHeaders('tools/call', 'other'),
    )
    expect(mismatch.status).toBe(400)
    expect(((await mismatch.json()) as Json).error.code).toBe(-32020)
    const foreign = await post(
      url,
      { jsonrpc: '2.0', id: 4, method: 'ping' },
      { Origin: 'https://evil.example' },
    )
    expect(foreign.status).toBe(403)
  })

  it('refuses what only legacy sessions carry: batches and responses; takes notifications (202)', async () => {
    const url = await start(makeToolServer())
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta() } }
    const batch = await post(url, [call, { ...call, id: 2 }], modernHeaders('tools/list'))
    expect(batch.status).toBe(400)
    const refused = ((await batch.json()) as Json).error
    expect(refused.code).toBe(-32600)
    expect(refused.message).toBe(
      `Invalid request: JSON-RPC batches are not supported on protocol version ${MODERN}`,
    )
    const response = await post(url, { jsonrpc: '2.0', id: 'srv-1', result: {} })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Json).error.message).toContain('unexpected response')
    const note = await post(url, {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, _meta: modernMeta() },
    })
    expect(note.status).toBe(202)
  })

  it('bounds the body and hands authenticate’s principal to the handlers', async () => {
    const server = makeToolServer()
    server.tool('whoami', {}, (_args, ctx) => ({ content: [{ type: 'text', text: String(ctx.authInfo) }] }))
    const url = await start(server, {
      maxBodyBytes: 2048,
      authenticate: (c) => ({
        authInfo: c.req.header('x-user'),
        principal: c.req.header('x-user') ?? 'anonymous',
      }),
    })
    const big = await post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta(), pad: 'x'.repeat(4096) } },
      modernHeaders('tools/list'),
    )
    expect(big.status).toBe(413)
    const who = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'whoami', arguments: {}, _meta: modernMeta() },
      },
      { ...modernHeaders('tools/call', 'whoami'), 'x-user': 'ada' },
    )
    expect(((await who.json()) as Json).result.content[0].text).toBe('ada')
  })
})
