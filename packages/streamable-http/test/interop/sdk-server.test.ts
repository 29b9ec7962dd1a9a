import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpClient } from '@edgemcp/core'
import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { ElicitResultSchema, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { clientTransport, closeAfter } from './fixture.js'
import { type Json, recorder, specProblems } from './traffic.js'

/** An SDK McpServer per session, as the SDK's stateful Streamable HTTP example builds it. */
function sdkServer(): SdkMcpServer {
  const server = new SdkMcpServer({ name: 'sdk-server', version: '2.0.0' })
  server.registerTool(
    'multiply',
    { description: 'Multiplies', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a * b) }] }),
  )
  server.registerTool('confirm', { description: 'Asks the user' }, async (extra) => {
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: 'Proceed?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        },
      },
      ElicitResultSchema,
    )
    return { content: [{ type: 'text', text: `${answer.action}:${JSON.stringify(answer.content ?? {})}` }] }
  })
  return server
}

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of closers.splice(0)) await c()
})

async function listen() {
  const transports = new Map<string, StreamableHTTPServerTransport>()
  const servers: SdkMcpServer[] = []
  const http = createServer(async (req, res) => {
    const body = req.method === 'POST' ? await readBody(req) : undefined
    const id = req.headers['mcp-session-id']
    let transport = typeof id === 'string' ? transports.get(id) : undefined
    if (!transport && req.method === 'POST' && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void transports.set(sid, created),
      })
      created.onclose = () => {
        if (created.sessionId) transports.delete(created.sessionId)
      }
      const server = sdkServer()
      servers.push(server)
      await server.connect(created)
      transport = created
    }
    if (!transport) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
          id: null,
        }),
      )
      return
    }
    await transport.handleRequest(req, res, body)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  closers.push(async () => {
    for (const t of transports.values()) await t.close()
    await new Promise<void>((resolve) => {
      http.close(() => resolve())
      http.closeAllConnections()
    })
  })
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, transports, servers }
}

describe('McpClient + StreamableHttpClientTransport against an SDK 1.32.2 McpServer (stateful)', () => {
  it("protocol 'auto' falls back to initialize; lists and calls tools; answers the tool's elicitation", async () => {
    const sdk = await listen()
    const traffic = recorder()
    const asked: Json[] = []
    const client = closeAfter(
      new McpClient(
        { name: 'edgemcp-client', version: '1.0.0' },
        {
          protocol: 'auto',
          probeTimeoutMs: 2_000,
          requestTimeoutMs: 5_000,
          handlers: {
            elicit: (params) => {
              asked.push(params)
              return { action: 'accept', content: { ok: true } }
            },
          },
        },
      ),
    )
    const transport = clientTransport(sdk.url, traffic.fetch)
    await client.connect(transport)
    expect(client.era).toBe('legacy')
    expect(client.protocolVersion).toBe('2025-11-25')
    expect(client.serverInfo?.name).toBe('sdk-server')
    expect(transport.sessionId).toBe([...sdk.transports.keys()][0])
    // The probe went first (and the SDK server refused it), then the legacy handshake.
    expect(traffic.sent.slice(0, 3).map((m) => m.method)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ])

    const tools = await client.listAllTools()
    expect(tools.map((t) => t.name)).toEqual(['multiply', 'confirm'])
    const product = await client.callTool({ name: 'multiply', arguments: { a: 6, b: 7 } })
    expect(product.content).toEqual([{ type: 'text', text: '42' }])
    const invalid = await client.callTool({ name: 'multiply', arguments: { a: 'six' } })
    expect(invalid.isError).toBe(true)

    const confirmed = await client.callTool({ name: 'confirm' })
    expect(confirmed.content).toEqual([{ type: 'text', text: 'accept:{"ok":true}' }])
    expect(asked.map((p) => p.message)).toEqual(['Proceed?'])

    await transport.terminateSession()
    await expect.poll(() => sdk.transports.size).toBe(0)
    // Everything our client sent is valid: the probe as 2026-07-28, the rest as 2025-11-25.
    expect(specProblems('2025-11-25', traffic, { client: true })).toEqual([])
  })

  it("our standalone GET stream receives the SDK server's list_changed", async () => {
    const sdk = await listen()
    const traffic = recorder()
    const client = closeAfter(
      new McpClient({ name: 'edgemcp-client', version: '1.0.0' }, { protocol: '2025-11-25' }),
    )
    const transport = clientTransport(sdk.url, traffic.fetch)
    await client.connect(transport)
    expect(await transport.openStandaloneStream()).toBe(true)
    const changed: string[] = []
    client.onNotification('notifications/tools/list_changed', (n) => void changed.push(n.method))
    sdk.servers[0]?.registerTool('late', { description: 'Added later' }, async () => ({ content: [] }))
    await expect.poll(() => changed).toEqual(['notifications/tools/list_changed'])
    expect((await client.listAllTools()).map((t) => t.name)).toContain('late')
    expect(specProblems('2025-11-25', traffic, { client: true })).toEqual([])
  })

  it('a background elicitation (outside any request) arrives on the GET stream McpClient opens itself', async () => {
    const sdk = await listen()
    const traffic = recorder()
    const client = closeAfter(
      new McpClient(
        { name: 'edgemcp-client', version: '1.0.0' },
        {
          protocol: 'auto',
          handlers: { elicit: (params) => ({ action: 'accept', content: { said: params.message } }) },
        },
      ),
    )
    await client.connect(clientTransport(sdk.url, traffic.fetch))
    await expect.poll(() => traffic.exchanges.some((e) => e.method === 'GET' && e.status === 200)).toBe(true)
    // As a background task of the server would: no related request, so the SDK sends it on the GET stream.
    const answer = await sdk.servers[0]?.server.elicitInput({
      message: 'Still there?',
      requestedSchema: { type: 'object', properties: { said: { type: 'string' } } },
    })
    expect(answer).toEqual({ action: 'accept', content: { said: 'Still there?' } })
  })

  it("protocol 'modern' fails fast with a clear error against the legacy-only SDK server", async () => {
    const sdk = await listen()
    // Failing fast means not waiting for an answer: with an hour's request timeout a client that waited would
    // hang the test (a hang guard fails it) instead of passing, whatever the machine's speed.
    const client = new McpClient(
      { name: 'edgemcp-client', version: '1.0.0' },
      { protocol: 'modern', requestTimeoutMs: 3_600_000 },
    )
    await expect(client.connect(clientTransport(sdk.url, fetch))).rejects.toThrow(/does not speak modern MCP/)
    expect(sdk.transports.size).toBe(0)
  })
})
