import { createServer, type ServerResponse } from 'node:http'
import { McpClient, McpServer, ResponseTooLargeError } from '@edgemcp/core'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { describe, expect, it, onTestFinished } from 'vitest'
import { connectWithFallback, FallbackClientTransport, SseClientTransport } from '../src/index.js'
import { listenForTest } from '@edgemcp/test-helpers/node'
import { listen } from './helpers.js'

const INIT = {
  protocolVersion: '2024-11-05',
  capabilities: { tools: {} },
  serverInfo: { name: 'h', version: '1' },
}

/**
 * A legacy HTTP+SSE server on port 0: the stream announces the endpoint, answers initialize, then sends
 * `hostile` as the answer to the first other request.
 */
async function legacySseServer(hostile: (stream: ServerResponse, id: unknown) => void) {
  let stream: ServerResponse | undefined
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      stream = res
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write('event: endpoint\ndata: /messages\n\n')
      return
    }
    let text = ''
    req.on('data', (c: Buffer) => {
      text += c.toString()
    })
    req.on('end', () => {
      res.writeHead(202).end()
      const message = JSON.parse(text) as { id?: unknown; method: string }
      if (message.id === undefined || !stream) return
      if (message.method === 'initialize')
        stream.write(
          `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: INIT })}\n\n`,
        )
      else hostile(stream, message.id)
    })
  })
  return `${await listenForTest(server)}/sse`
}

const newClient = () => {
  const client = new McpClient(
    { name: 'c', version: '1' },
    { protocol: '2024-11-05', requestTimeoutMs: 60_000 },
  )
  onTestFinished(() => client.close())
  return client
}

describe('SseClientTransport bounds what the server sends', () => {
  it('an SSE event that never ends fails the waiting request with ResponseTooLargeError', async () => {
    const url = await legacySseServer((stream) => {
      stream.write('event: message\ndata: ')
      const chunk = 'x'.repeat(64 * 1024)
      const more = () => {
        while (!stream.destroyed) if (!stream.write(chunk)) return void stream.once('drain', more)
      }
      more()
    })
    const client = newClient()
    await client.connect(new SseClientTransport(url, { maxMessageBytes: 256 * 1024 }))
    const error = await client.ping().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(error).toMatchObject({ limit: 262_144, option: 'maxMessageBytes' })
    await client.whenClosed
  })

  it('events within the limit pass', async () => {
    const url = await legacySseServer((stream, id) =>
      stream.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n\n`),
    )
    const client = newClient()
    await client.connect(new SseClientTransport(url, { maxMessageBytes: 1024 }))
    expect(await client.ping()).toEqual({})
  })
})

describe('SseClientTransport bounds the opening of its stream', () => {
  it('a server that never answers the GET cannot hold start(): endpointTimeoutMs covers it all', async () => {
    let hungUp = false
    const server = createServer((_req, res) => {
      res.on('close', () => {
        hungUp = true
      })
      // Neither headers nor an endpoint event, ever.
    })
    const url = `${await listenForTest(server)}/sse`
    const client = newClient()
    await expect(client.connect(new SseClientTransport(url, { endpointTimeoutMs: 300 }))).rejects.toThrow(
      'No endpoint event within 300 ms',
    )
    await expect.poll(() => hungUp, { timeout: 10_000 }).toBe(true)
  })
})

describe('connectWithFallback: Streamable HTTP in a legacy session', () => {
  it('McpClient opens the standalone GET stream through the fallback transport', async () => {
    const mcp = createMcpHandler(new McpServer({ name: 'fallback-standalone', version: '1.0.0' }))
    const l = await listen(mcp)
    onTestFinished(() => l.close())
    const client = new McpClient({ name: 'c', version: '1' }, { protocol: '2025-11-25' })
    onTestFinished(() => client.close())
    const transport = await connectWithFallback(client, `${l.url}/`)
    expect(transport.kind).toBe('streamable-http')
    const session = await mcp.sessions.get(transport.sessionId ?? '')
    await expect.poll(() => session?.hasStandaloneChannel).toBe(true)
  })
})

describe('FallbackClientTransport: the limits bind its Streamable HTTP side too', () => {
  it('refuses a Streamable HTTP answer over maxMessageBytes, not only over the 4 MiB default', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 0, result: { pad: 'x'.repeat(300_000) } })
    const server = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(big)
      })
    })
    const url = `${await listenForTest(server)}/mcp`
    const client = new McpClient(
      { name: 'c', version: '1' },
      { protocol: '2025-11-25', requestTimeoutMs: 10_000 },
    )
    const transport = new FallbackClientTransport(url, { maxMessageBytes: 64 * 1024 })
    const error = await client.connect(transport).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as ResponseTooLargeError).message).toMatch(/65536|64 KiB|maxMessageBytes/)
  })
})
