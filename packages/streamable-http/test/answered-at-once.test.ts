import { type HandleOptions, McpServer } from '@edgemcp/core'
import { afterEach, describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'
import { type Json, post } from './helpers.js'

// A synchronous tool's result reaches the POST handler without a promise (`handleNow`), and the answer is made in
// the same turn. These drive that path, and the asynchronous one beside it, over node:http.

const REV = '2025-11-25'
let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

function toolServer(): McpServer {
  const server = new McpServer({ name: 'at-once', version: '1.0.0' })
  server.tool('now', {}, () => ({ content: [{ type: 'text', text: 'now' }] }))
  server.tool('later', {}, async () => ({ content: [{ type: 'text', text: 'later' }] }))
  // Emits before it returns, synchronously: the answer becomes a stream before the result is known.
  server.tool('chatty', {}, (_args, ctx) => {
    void ctx.progress(1, 1, 'half')
    return { content: [{ type: 'text', text: 'chatty' }] }
  })
  // A result JSON cannot carry.
  server.tool('unencodable', {}, () => ({ content: [{ type: 'text', text: 'x' }], _meta: { n: 1n } }))
  server.tool('unencodable-later', {}, async () => ({
    content: [{ type: 'text', text: 'x' }],
    _meta: { n: 1n },
  }))
  return server
}

async function session(server: McpServer) {
  running = await serve(createMcpHandler(server))
  const url = `${running.url}/`
  const init = await post(url, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  })
  const headers = { 'Mcp-Session-Id': init.headers.get('mcp-session-id') ?? '', 'MCP-Protocol-Version': REV }
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
  let id = 1
  const call = (name: string, meta?: Json) =>
    post(
      url,
      { jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name, arguments: {}, _meta: meta } },
      headers,
    )
  return { call }
}

describe('a tools/call answered at once, and one answered later', () => {
  it('answers both with the same JSON', async () => {
    const { call } = await session(toolServer())
    for (const name of ['now', 'later']) {
      const r = await call(name)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe('application/json')
      expect(await r.json()).toMatchObject({ jsonrpc: '2.0', result: { content: [{ text: name }] } })
    }
  })

  it('streams what a synchronous handler emitted before its result', async () => {
    const { call } = await session(toolServer())
    const r = await call('chatty', { progressToken: 'p' })
    expect(r.headers.get('content-type')).toBe('text/event-stream')
    const messages = (await r.text())
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line.length > 6) // not the priming event
      .map((line) => JSON.parse(line.slice(6)) as Json)
    expect(messages.map((m) => m.method ?? 'result')).toEqual(['notifications/progress', 'result'])
    expect(messages[1]).toMatchObject({ result: { content: [{ text: 'chatty' }] } })
  })

  it('answers 500, not a hang, when a result cannot be encoded, either way', async () => {
    const { call } = await session(toolServer())
    for (const name of ['unencodable', 'unencodable-later']) {
      const r = await call(name)
      expect(r.status).toBe(500)
      await r.text()
    }
    // The session goes on.
    expect((await call('now')).status).toBe(200)
  })

  it('goes through a handle() the application replaced', async () => {
    const server = toolServer()
    const seen: unknown[] = []
    const handle = server.handle.bind(server)
    server.handle = (value: unknown, options?: HandleOptions) => {
      seen.push(value)
      return handle(value, options)
    }
    const { call } = await session(server)
    const r = await call('now')
    expect(await r.json()).toMatchObject({ result: { content: [{ text: 'now' }] } })
    // initialize, notifications/initialized, tools/call
    expect(seen.map((v) => (v as Json).method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
    ])
  })
})
