import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import {
  CallToolRequestSchema,
  ElicitRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { createSseHandler, SseClientTransport } from '../src/index.js'
import { type Json, type Listening, listen, makeServer, RpcPeer } from './helpers.js'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('interop with @modelcontextprotocol/sdk 1.32.2', () => {
  it('the SDK SSEClientTransport + Client lists and calls tools and reads a resource on our SSE server', async () => {
    const { server } = makeServer()
    const handler = createSseHandler(server)
    const l: Listening = await listen(handler)
    cleanups.push(() => l.close())

    const client = new Client({ name: 'sdk-client', version: '1.0.0' })
    await client.connect(new SSEClientTransport(new URL(`${l.url}/sse`)))
    cleanups.push(() => client.close())
    expect(client.getServerVersion()?.name).toBe('sse-test')

    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['add', 'ask'])
    const result = await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } })
    expect(result.content).toEqual([{ type: 'text', text: '42' }])
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(['note://hello'])
    const read = await client.readResource({ uri: 'note://hello' })
    expect(read.contents).toEqual([{ uri: 'note://hello', mimeType: 'text/plain', text: 'Hello, SSE' }])
    expect(handler.openStreams).toBe(1)

    await client.close()
    await expect.poll(() => handler.openStreams).toBe(0)
  })

  it('an elicitation request of a tool round-trips with the SDK client', async () => {
    const { server } = makeServer()
    const l = await listen(createSseHandler(server))
    cleanups.push(() => l.close())
    const client = new Client({ name: 'sdk-client', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      expect(request.params.message).toBe('Your name?')
      return { action: 'accept', content: { name: 'Grace' } }
    })
    await client.connect(new SSEClientTransport(new URL(`${l.url}/sse`)))
    cleanups.push(() => client.close())
    const result = await client.callTool({ name: 'ask', arguments: {} })
    expect(result.content).toEqual([{ type: 'text', text: 'hello Grace (accept)' }])
  })

  it('our SseClientTransport talks to an SDK SSEServerTransport server (Node http)', async () => {
    const transports = new Map<string, SSEServerTransport>()
    const http: HttpServer = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (req.method === 'GET' && url.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', res)
        transports.set(transport.sessionId, transport)
        res.on('close', () => transports.delete(transport.sessionId))
        await sdkServer().connect(transport)
      } else if (req.method === 'POST' && url.pathname === '/messages') {
        const transport = transports.get(url.searchParams.get('sessionId') ?? '')
        if (transport) await transport.handlePostMessage(req, res)
        else res.writeHead(404).end('unknown session')
      } else res.writeHead(404).end()
    })
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r))
    const port = (http.address() as AddressInfo).port
    cleanups.push(
      () =>
        new Promise<void>((r) => {
          http.close(() => r())
          http.closeAllConnections()
        }),
    )

    const transport = new SseClientTransport(`http://127.0.0.1:${port}/sse`)
    const peer = new RpcPeer(transport)
    await transport.start()
    cleanups.push(() => transport.close())
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(transport.endpointUrl?.pathname).toBe('/messages')

    const init = await peer.initialize('2024-11-05')
    expect(init.serverInfo.name).toBe('sdk-server')
    const tools = await peer.request('tools/list')
    expect(tools.tools.map((t: Json) => t.name)).toEqual(['multiply'])
    const product = await peer.request('tools/call', { name: 'multiply', arguments: { a: 6, b: 7 } })
    expect(product.content).toEqual([{ type: 'text', text: '42' }])
    const read = await peer.request('resources/read', { uri: 'sdk://readme' })
    expect(read.contents[0].text).toBe('from the SDK')
    await expect(peer.request('tools/call', { name: 'nope', arguments: {} })).rejects.toThrow(/nope/)

    await transport.close()
    await expect.poll(() => transports.size).toBe(0)
  })
})

/** A low-level SDK server with one tool and one resource. */
function sdkServer(): Server {
  const server = new Server(
    { name: 'sdk-server', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'multiply',
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
      },
    ],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name !== 'multiply') throw new Error(`unknown tool ${request.params.name}`)
    const { a, b } = request.params.arguments as { a: number; b: number }
    return { content: [{ type: 'text', text: String(a * b) }] }
  })
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [{ uri: 'sdk://readme', name: 'readme' }],
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    contents: [{ uri: request.params.uri, text: 'from the SDK' }],
  }))
  return server
}
