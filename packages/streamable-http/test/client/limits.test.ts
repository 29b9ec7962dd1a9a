import type { ServerResponse } from 'node:http'
import { McpClient, type McpClientOptions, ResponseTooLargeError } from '@edgemcp/core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { StreamableHttpClientTransport, type StreamableHttpClientTransportOptions } from '../../src/index.js'
import {
  DISCOVER_RESULT,
  INITIALIZE_RESULT,
  type SeenRequest,
  scriptedServer,
  sendResult,
} from './scripted-server.js'

/** A modern server whose answers to tools/list `answer` writes; server/discover is answered properly. */
async function modernServer(answer: (req: SeenRequest, res: ServerResponse) => void) {
  const s = await scriptedServer((req, res) => {
    if (req.body?.method === 'server/discover') return sendResult(res, req, DISCOVER_RESULT)
    answer(req, res)
  })
  return s
}

async function connect(
  url: string,
  transport: StreamableHttpClientTransportOptions = {},
  options: McpClientOptions = {},
) {
  const errors: Error[] = []
  const client = new McpClient(
    { name: 'limits', version: '1.0.0' },
    { requestTimeoutMs: 60_000, onerror: (e) => errors.push(e), ...options },
  )
  onTestFinished(() => client.close())
  await client.connect(new StreamableHttpClientTransport(url, transport))
  return { client, errors }
}

/** Writes `chunk` until the client hangs up (or `max` times). */
function endless(res: ServerResponse, chunk: string, max = Number.POSITIVE_INFINITY): void {
  let n = 0
  let open = true
  res.on('close', () => {
    open = false
  })
  const more = () => {
    while (open && n++ < max) if (!res.write(chunk)) return void res.once('drain', more)
    if (open) res.end()
  }
  more()
}

const kib = (n: number) => 'x'.repeat(n * 1024)

describe('the client bounds what a server sends back', () => {
  it('a JSON body declared larger than maxMessageBytes is refused before it is read', async () => {
    const s = await modernServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(512 * 1024 * 1024) })
      endless(res, kib(64))
    })
    const { client } = await connect(s.url)
    const error = await client.listTools().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(error).toMatchObject({ limit: 4 * 1024 * 1024, option: 'maxMessageBytes', kind: 'remote' })
    expect((error as Error).message).toBe(
      `The JSON answer from ${s.url} exceeds the client's limit of 4194304 bytes (maxMessageBytes); refused`,
    )
  })

  it('an endless chunked JSON body stops at the limit', async () => {
    const s = await modernServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.write('{"jsonrpc":"2.0","id":2,"result":{"tools":["')
      endless(res, kib(64))
    })
    const { client } = await connect(s.url, { maxMessageBytes: 256 * 1024 })
    await expect(client.listTools()).rejects.toMatchObject({ name: 'ResponseTooLargeError', limit: 262_144 })
  })

  it('an SSE event that never ends fails its request at the limit, not at the timeout', async () => {
    const s = await modernServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write('event: message\ndata: {"jsonrpc":"2.0","id":2,"result":{"x":"')
      endless(res, kib(64))
    })
    const { client } = await connect(s.url, { maxMessageBytes: 512 * 1024 })
    const error = await client.listTools().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as Error).message).toMatch(
      /^An SSE event from .* exceeds the client's limit of 524288 bytes/,
    )
  })

  it('an endless SSE line (a comment with no end) is bounded too', async () => {
    const s = await modernServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write(': ')
      endless(res, kib(64))
    })
    const { client } = await connect(s.url, { maxMessageBytes: 512 * 1024 })
    await expect(client.listTools()).rejects.toBeInstanceOf(ResponseTooLargeError)
  })

  it('answers within the limit pass; the limit is configurable', async () => {
    const tools = (n: number) => ({ tools: [{ name: 't', description: 'd'.repeat(n), inputSchema: {} }] })
    let size = 500
    const s = await modernServer((req, res) =>
      sendResult(res, req, { resultType: 'complete', ...tools(size) }),
    )
    const { client } = await connect(s.url, { maxMessageBytes: 2000 })
    expect((await client.listTools()).tools).toHaveLength(1)
    size = 3000
    await expect(client.listTools()).rejects.toBeInstanceOf(ResponseTooLargeError)
  })

  it('headers over maxHeaderBytes are refused', async () => {
    const s = await modernServer((req, res) => sendResult(res, req, { tools: [] }, { 'X-Junk': kib(8) }))
    const { client } = await connect(s.url, { maxHeaderBytes: 4096 })
    const error = await client.listTools().catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', option: 'maxHeaderBytes' })
  })

  it('a stream that ends without the response fails the request at once', async () => {
    const s = await modernServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.end('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\n\n')
    })
    const { client } = await connect(s.url)
    await expect(client.listTools()).rejects.toThrow(
      `The SSE stream of POST ${s.url} ended before the response arrived`,
    )
  })

  it.each([
    ['2026-07-28', 'at once'],
    ['2025-11-25', 'after a short grace (related messages may still come)'],
  ] as const)('%s: a request that times out stops reading its endless answer %s', async (protocol, _how) => {
    let hungUp = false
    const s = await scriptedServer((req, res) => {
      const method = req.body?.method
      if (method === 'initialize')
        return sendResult(
          res,
          req,
          { ...INITIALIZE_RESULT, protocolVersion: protocol },
          { 'Mcp-Session-Id': 's' },
        )
      if (method === 'server/discover') return sendResult(res, req, DISCOVER_RESULT)
      if (method !== 'tools/list') return void res.writeHead(req.method === 'GET' ? 405 : 202).end()
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.on('close', () => {
        hungUp = true
      })
      // Small events forever, each well within the limit.
      endless(res, ': keep-alive\n\n')
    })
    const { client } = await connect(s.url, {}, { protocol })
    await expect(client.listTools({ timeoutMs: 200 })).rejects.toThrow(/timed out after 200 ms/)
    await expect.poll(() => hungUp, { timeout: 10_000 }).toBe(true)
  })

  it('a server that never answers the POST of notifications/initialized cannot hold connect()', async () => {
    let hungUp = false
    const s = await scriptedServer((req, res) => {
      const method = req.body?.method
      if (method === 'initialize') return sendResult(res, req, INITIALIZE_RESULT, { 'Mcp-Session-Id': 's' })
      if (method === 'notifications/initialized') {
        res.on('close', () => {
          hungUp = true
        })
        return // no answer, ever
      }
      res.writeHead(req.method === 'GET' ? 405 : 202).end()
    })
    const client = new McpClient(
      { name: 'limits', version: '1.0.0' },
      { protocol: '2025-11-25', requestTimeoutMs: 300 },
    )
    onTestFinished(() => client.close())
    await expect(client.connect(new StreamableHttpClientTransport(s.url))).rejects.toThrow(
      'Sending notifications/initialized timed out after 300 ms',
    )
    // The exchange is dropped, not left to the server.
    await expect.poll(() => hungUp, { timeout: 10_000 }).toBe(true)
  })
})
