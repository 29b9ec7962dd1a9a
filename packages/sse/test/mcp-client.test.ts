import { McpClient } from '@edgemcp/core'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { connectWithFallback, createAutoHandler, createSseHandler, SseClientTransport } from '../src/index.js'
import { listen, makeServer } from './helpers.js'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const newClient = (protocol: 'auto' | 'legacy' = 'auto') => {
  const client = new McpClient(
    { name: 'edgemcp-client', version: '1.0.0' },
    { protocol, probeTimeoutMs: 2000 },
  )
  cleanups.push(() => client.close())
  return client
}

describe('core McpClient over the SSE transport', () => {
  it('lists and calls tools, reads a resource and answers an elicitation over SseClientTransport', async () => {
    const { server } = makeServer()
    const handler = createSseHandler(server)
    const l = await listen(handler)
    cleanups.push(() => l.close())
    const client = newClient('legacy')
    client.onElicit(async (params) => {
      expect(params.message).toBe('Your name?')
      return { action: 'accept', content: { name: 'Edsger' } }
    })
    const transport = new SseClientTransport(`${l.url}/sse`)
    await client.connect(transport)
    expect(client.era).toBe('legacy')
    expect(client.protocolVersion).toBe('2025-11-25')

    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['add', 'ask'])
    expect((await client.callTool({ name: 'add', arguments: { a: 40, b: 2 } })).content).toEqual([
      { type: 'text', text: '42' },
    ])
    expect((await client.readResource({ uri: 'note://hello' })).contents).toEqual([
      { uri: 'note://hello', mimeType: 'text/plain', text: 'Hello, SSE' },
    ])
    expect((await client.callTool({ name: 'ask', arguments: {} })).content).toEqual([
      { type: 'text', text: 'hello Edsger (accept)' },
    ])

    // The server drops the session: the client sees its connection close.
    handler.closeAll()
    await client.whenClosed
  })

  it('connectWithFallback: Streamable HTTP (modern era) on an auto endpoint', async () => {
    const { server } = makeServer('auto')
    const auto = createAutoHandler(server)
    const l = await listen(new Hono().route('/mcp', auto))
    cleanups.push(() => l.close())
    const client = newClient()
    const transport = await connectWithFallback(client, `${l.url}/mcp`)
    expect(transport.kind).toBe('streamable-http')
    expect(client.era).toBe('modern')
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).content).toEqual([
      { type: 'text', text: '3' },
    ])
    expect(auto.openSseStreams).toBe(0)
  })

  it('connectWithFallback: falls back to SSE on a server that only speaks HTTP+SSE', async () => {
    const { server } = makeServer('sse-only')
    const handler = createSseHandler(server)
    const l = await listen(handler)
    cleanups.push(() => l.close())
    const client = newClient()
    const transport = await connectWithFallback(client, `${l.url}/sse`)
    expect(transport.kind).toBe('sse')
    expect(client.era).toBe('legacy')
    expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/)
    expect((await client.callTool({ name: 'add', arguments: { a: 2, b: 2 } })).content).toEqual([
      { type: 'text', text: '4' },
    ])
    expect(handler.openStreams).toBe(1)
    await client.close()
    await expect.poll(() => handler.openStreams).toBe(0)
  })
})
