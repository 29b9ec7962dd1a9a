import { McpClient, type McpClientOptions, McpServer, type ServerSession } from '@edgemcp/core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMcpHandler, StreamableHttpClientTransport } from '../../src/index.js'
import { serve } from '../../src/node.js'
import { INITIALIZE_RESULT, scriptedServer, sendResult } from './scripted-server.js'

const ASK = {
  message: 'Still there?',
  requestedSchema: { type: 'object', properties: { said: { type: 'string' } } },
}

/**
 * A fetch that records GETs (with their Last-Event-ID) and can cut the next standalone stream once its
 * priming event has arrived (a dropped connection, as a proxy's idle timeout would do).
 */
function cuttingFetch() {
  const gets: Array<string | null> = []
  let cutNext = false
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init)
    if (init?.method !== 'GET') return response
    gets.push(new Headers(init.headers).get('last-event-id'))
    if (!cutNext || !response.body) return response
    cutNext = false
    const reader = response.body.getReader()
    let text = ''
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // Once the priming event has been handed over, the next read fails.
        if (text.includes('\n\n')) {
          controller.error(new TypeError('network connection lost (test cut)'))
          await reader.cancel().catch(() => {})
          return
        }
        const chunk = await reader.read()
        if (chunk.done) return controller.close()
        controller.enqueue(chunk.value)
        text += new TextDecoder().decode(chunk.value)
      },
    })
    return new Response(body, { status: response.status, headers: response.headers })
  }
  const cut = () => {
    cutNext = true
  }
  return { fetch: fetchImpl, gets, cut }
}

async function ourServer() {
  const mcp = createMcpHandler(new McpServer({ name: 'background', version: '1.0.0' }), { retryMs: 20 })
  const running = await serve(mcp)
  onTestFinished(() => running.close())
  return { mcp, url: `${running.url}/` }
}

async function connect(url: string, fetchImpl: typeof fetch, options: McpClientOptions = {}) {
  const errors: Error[] = []
  const client = new McpClient(
    { name: 'standalone', version: '1.0.0' },
    {
      protocol: '2025-11-25',
      onerror: (e) => errors.push(e),
      handlers: { elicit: (params) => ({ action: 'accept', content: { said: params.message } }) },
      ...options,
    },
  )
  onTestFinished(() => client.close())
  const transport = new StreamableHttpClientTransport(url, { fetch: fetchImpl, reconnectDelayMs: 20 })
  await client.connect(transport)
  return { client, transport, errors }
}

async function sessionOf(mcp: { sessions: { get(id: string): unknown } }, id: string | undefined) {
  const session = (await mcp.sessions.get(id ?? '')) as ServerSession | undefined
  if (!session) throw new Error(`no session ${id}`)
  return session
}

describe('legacy sessions: McpClient opens the standalone GET stream by default', () => {
  it('a server→client request sent outside any request (a background task) arrives and is answered', async () => {
    const { mcp, url } = await ourServer()
    const wire = cuttingFetch()
    const { transport, errors } = await connect(url, wire.fetch as typeof fetch)
    const session = await sessionOf(mcp, transport.sessionId)
    await expect.poll(() => session.hasStandaloneChannel).toBe(true)
    expect(await session.request('elicitation/create', ASK)).toEqual({
      action: 'accept',
      content: { said: 'Still there?' },
    })
    expect(wire.gets).toEqual([null])
    expect(errors).toEqual([])
  })

  it('a dropped standalone stream is resumed with Last-Event-ID, and requests arrive again', async () => {
    const { mcp, url } = await ourServer()
    const wire = cuttingFetch()
    wire.cut()
    const { transport, errors } = await connect(url, wire.fetch as typeof fetch)
    const session = await sessionOf(mcp, transport.sessionId)
    // The first GET is cut after its priming event; the client comes back with that event's id.
    await expect.poll(() => wire.gets.length).toBe(2)
    expect(wire.gets[0]).toBeNull()
    expect(wire.gets[1]).toMatch(/.+/)
    await expect.poll(() => session.hasStandaloneChannel).toBe(true)
    expect(await session.request('elicitation/create', ASK)).toMatchObject({ action: 'accept' })
    expect(errors).toEqual([])
  })

  it('standaloneStream: false opens none', async () => {
    const { mcp, url } = await ourServer()
    const wire = cuttingFetch()
    const { client, transport } = await connect(url, wire.fetch as typeof fetch, { standaloneStream: false })
    await client.ping()
    expect(wire.gets).toEqual([])
    expect((await sessionOf(mcp, transport.sessionId)).hasStandaloneChannel).toBe(false)
  })

  it('a server that offers no GET stream (405) is fine: no error', async () => {
    const s = await scriptedServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(405, { Allow: 'POST' }).end()
      if (req.body?.method === 'initialize')
        return sendResult(res, req, INITIALIZE_RESULT, { 'Mcp-Session-Id': 's1' })
      if (req.body?.method === 'tools/list') return sendResult(res, req, { tools: [] })
      res.writeHead(202).end()
    })
    const { client, errors } = await connect(s.url, fetch)
    await expect.poll(() => s.seen.some((r) => r.method === 'GET')).toBe(true)
    expect((await client.listTools()).tools).toEqual([])
    expect(errors).toEqual([])
  })

  it('a refused GET stream (403) is reported to onerror, and the session goes on', async () => {
    const s = await scriptedServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(403).end('no streams for you')
      if (req.body?.method === 'initialize')
        return sendResult(res, req, INITIALIZE_RESULT, { 'Mcp-Session-Id': 's1' })
      if (req.body?.method === 'tools/list') return sendResult(res, req, { tools: [] })
      res.writeHead(202).end()
    })
    const { client, errors } = await connect(s.url, fetch)
    await expect.poll(() => errors.length).toBe(1)
    expect(errors[0]).toMatchObject({ name: 'McpHttpError', status: 403, method: 'GET' })
    expect((await client.listTools()).tools).toEqual([])
  })
})
