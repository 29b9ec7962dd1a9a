import { ToolServer } from '@edgemcp/core/tools-only'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, serve } from '../src/node.js'
import { createStatelessFetchHandler } from '../src/stateless.js'
import { expectSpec, type Json, MODERN, modernMeta, post } from './helpers.js'
import { httpPeer } from './peer.js'

// The lightest server of the README ("A tools-only Worker"): ToolServer of @edgemcp/core/tools-only behind the
// stateless handler, driven over node:http by the client transport.

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

function makeToolServer(): ToolServer {
  const server = new ToolServer({ name: 'calc', version: '1.0.0' }, { instructions: 'Adds numbers.' })
  server.tool(
    'add',
    {
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  )
  server.tool('count', {}, async (_args, ctx) => {
    for (let i = 1; i <= 2; i++) await ctx.progress(i, 2)
    return { content: [{ type: 'text', text: 'counted' }] }
  })
  server.tool('confirm', {}, async (_args, ctx) => {
    await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } })
    return { content: [{ type: 'text', text: 'confirmed' }] }
  })
  return server
}

async function start() {
  running = await serve({ fetch: createStatelessFetchHandler(makeToolServer()) })
  return `${running.url}/`
}

describe('ToolServer (@edgemcp/core/tools-only) behind createStatelessFetchHandler, over node:http', () => {
  it('discovers a server of tools only: 2026-07-28 versions, the tools capability, its identity', async () => {
    const peer = httpPeer(await start())
    const discover = await peer.modern('server/discover')
    expectSpec(MODERN, 'DiscoverResult', discover.result)
    expect(discover.result.capabilities.tools).toEqual({ listChanged: true })
    expect(discover.result.capabilities.resources).toBeUndefined()
    expect(discover.result.capabilities.prompts).toBeUndefined()
    expect(discover.result.instructions).toBe('Adds numbers.')
    expect(discover.result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'calc' })
    await peer.transport.close()
  })

  it('lists and calls tools; invalid arguments are a tool error naming the field', async () => {
    const peer = httpPeer(await start())
    const list = await peer.modern('tools/list')
    expectSpec(MODERN, 'ListToolsResult', list.result)
    expect(list.result.tools.map((t: Json) => t.name)).toEqual(['add', 'count', 'confirm'])
    expect(list.result.ttlMs).toBe(60_000)

    const sum = await peer.modern('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })
    expectSpec(MODERN, 'CallToolResult', sum.result)
    expect(sum.result.content).toEqual([{ type: 'text', text: '5' }])
    expect(sum.result.structuredContent).toEqual({ sum: 5 })

    const bad = await peer.modern('tools/call', { name: 'add', arguments: { a: 'two', b: 3 } })
    expect(bad.result.isError).toBe(true)
    expect(bad.result.content[0].text).toContain('arguments.a')
    const missing = await peer.modern('tools/call', { name: 'add', arguments: { a: 1 } })
    expect(missing.result.isError).toBe(true)
    expect(missing.result.content[0].text).toContain('b')

    const unknownTool = await peer.modern('tools/call', { name: 'nope', arguments: {} })
    expect(unknownTool.error.code).toBe(-32602)
    expect(peer.errors).toEqual([])
    await peer.transport.close()
  })

  it('streams progress; a handler that asks for input gets a tool error (no MRTR rounds here)', async () => {
    const peer = httpPeer(await start())
    const counted = await peer.modern('tools/call', { name: 'count', _meta: { progressToken: 'p' } })
    expect(counted.result.content[0].text).toBe('counted')
    const progress = peer.received.filter((m) => m.method === 'notifications/progress')
    expect(progress.map((m) => m.params.progress)).toEqual([1, 2])

    const confirm = await peer.modern('tools/call', { name: 'confirm', arguments: {} })
    expect(confirm.result.isError).toBe(true)
    expect(confirm.result.content[0].text).toContain('elicitation/create')
    await peer.transport.close()
  })

  it('answers what it does not install as unknown methods (404, -32601), and legacy clients with the version error', async () => {
    const url = await start()
    for (const method of ['resources/list', 'prompts/list', 'completion/complete', 'subscriptions/listen']) {
      const r = await post(
        url,
        { jsonrpc: '2.0', id: 1, method, params: { _meta: modernMeta() } },
        { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method },
      )
      expect(r.status, method).toBe(404)
      expect(((await r.json()) as Json).error.code, method).toBe(-32601)
    }
    const init = await post(url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    })
    expect(init.status).toBe(400)
    expect(((await init.json()) as Json).error.data).toEqual({ supported: [MODERN], requested: '2025-11-25' })
  })

  it('keeps the handler’s defaults: a foreign Origin is refused', async () => {
    const url = await start()
    const r = await post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta() } },
      { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list', Origin: 'https://evil.example' },
    )
    expect(r.status).toBe(403)
  })
})

describe('ToolServer.handle without a transport', () => {
  it('answers a request without modern _meta with the unsupported-version error (HTTP 400)', async () => {
    const r = await makeToolServer().handle({ jsonrpc: '2.0', id: 7, method: 'tools/list' })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ id: 7, error: { code: -32022, data: { supported: [MODERN] } } })
  })
})
