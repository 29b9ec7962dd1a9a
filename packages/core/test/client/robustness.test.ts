import { describe, expect, it } from 'vitest'
import { McpClient } from '../../src/client/mcp-client.js'
import type { McpClientOptions } from '../../src/client/types.js'
import { InMemoryTransport } from '../../src/transport/in-memory.js'
import { transcriptProblems } from '../helpers/transcript.js'
import { delay } from './helpers.js'

type Json = Record<string, any>

const discovered = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } }

/** A scripted modern server: `reply` answers each request (discover is answered for it). */
async function scripted(
  reply: (m: Json, server: InMemoryTransport) => Json | undefined,
  options: McpClientOptions = {},
) {
  const [serverEnd, clientEnd] = InMemoryTransport.createPair()
  serverEnd.onmessage = (value) => {
    const m = value as Json
    if (!('id' in m) || !('method' in m)) return
    const result = m.method === 'server/discover' ? { result: discovered } : reply(m, serverEnd)
    if (result) void serverEnd.send({ jsonrpc: '2.0', id: m.id, ...result } as never)
  }
  await serverEnd.start()
  const errors: Error[] = []
  const client = new McpClient(
    { name: 'c', version: '1' },
    { protocol: 'modern', onerror: (e) => errors.push(e), ...options },
  )
  await client.connect(clientEnd)
  return { client, serverEnd, clientEnd, errors }
}

/** A scripted legacy server: answers initialize with `version`; `other` sees every other message. */
async function scriptedLegacy(
  version: string,
  other: (m: Json, server: InMemoryTransport) => void = () => {},
) {
  const [serverEnd, clientEnd] = InMemoryTransport.createPair()
  serverEnd.onmessage = (value) => {
    const m = value as Json
    if (m.method === 'initialize')
      void serverEnd.send({
        jsonrpc: '2.0',
        id: m.id,
        result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 's', version: '1' } },
      })
    else other(m, serverEnd)
  }
  await serverEnd.start()
  return { serverEnd, clientEnd }
}

describe('a misbehaving server', () => {
  it('an unknown resultType is an error, an absent one means complete', async () => {
    const { client } = await scripted((m) =>
      m.params.name === 'odd'
        ? { result: { resultType: 'bogus', content: [] } }
        : { result: { content: [] } },
    )
    await expect(client.callTool({ name: 'odd' })).rejects.toThrow(/unknown resultType "bogus"/)
    await expect(client.callTool({ name: 'plain' })).resolves.toEqual({ content: [] })
  })

  it('input_required on a method that may not use it is an error', async () => {
    const { client } = await scripted(() => ({ result: { resultType: 'input_required', requestState: 's' } }))
    await expect(client.listTools()).rejects.toThrow(/only tools\/call, prompts\/get and resources\/read/)
  })

  it('an input request without a handler fails the call instead of answering for the user', async () => {
    const { client, clientEnd } = await scripted(() => ({
      result: {
        resultType: 'input_required',
        inputRequests: { q: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } } },
      },
    }))
    await expect(client.callTool({ name: 't' })).rejects.toThrow(
      /asked for sampling\/createMessage .* no sampling handler/,
    )
    expect((clientEnd.sent as Json[]).filter((m) => m.method === 'tools/call')).toHaveLength(1)
  })

  it('a handler returning garbage fails locally', async () => {
    const { client } = await scripted(() => ({
      result: { resultType: 'input_required', inputRequests: { q: { method: 'roots/list' } } },
    }))
    client.onListRoots(() => ({ nope: true }) as never)
    await expect(client.callTool({ name: 't' })).rejects.toThrow(
      /roots\/list handler returned an invalid result/,
    )
  })

  it('malformed messages and unmatched error responses go to onerror; late responses are ignored', async () => {
    const { client, serverEnd, errors } = await scripted(() => ({ result: { content: [] } }))
    await serverEnd.send({ jsonrpc: '1.0', id: 1 } as never)
    await serverEnd.send({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    } as never)
    await serverEnd.send({ jsonrpc: '2.0', id: 999, result: {} } as never)
    await delay(1)
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/Malformed message/), 'Parse error'])
    await expect(client.callTool({ name: 'still-fine' })).resolves.toEqual({ content: [] })
  })

  it('a batch of responses (2025-03-26 style) is unpacked', async () => {
    const { serverEnd, clientEnd } = await scriptedLegacy('2025-03-26')
    const client = new McpClient({ name: 'c', version: '1' }, { protocol: '2025-03-26' })
    await client.connect(clientEnd)
    const a = client.request('ping')
    const b = client.request('ping')
    await delay(1)
    await serverEnd.send([
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: 2, result: { second: true } },
    ])
    await expect(a).resolves.toEqual({ second: true })
    await expect(b).resolves.toEqual({})
  })

  it('the server tearing down a subscription with notifications/cancelled settles closed', async () => {
    const { client, serverEnd } = await scripted((m, server) => {
      if (m.method === 'subscriptions/listen') {
        const meta = { 'io.modelcontextprotocol/subscriptionId': m.id }
        void server.send({
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: meta, notifications: { toolsListChanged: true } },
        })
      }
      return undefined
    })
    const sub = client.listen({ toolsListChanged: true, promptsListChanged: true })
    expect(await sub.acknowledged).toEqual({ toolsListChanged: true })
    await serverEnd.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: sub.id } })
    await expect(sub.closed).resolves.toBeUndefined()
  })
})

describe('legacy details', () => {
  it('a server request right after notifications/initialized already sees the negotiated era', async () => {
    const answers: Json[] = []
    const { clientEnd } = await scriptedLegacy('2025-06-18', (m, server) => {
      if (m.method === 'notifications/initialized')
        void server.send({ jsonrpc: '2.0', id: 'r1', method: 'roots/list' })
      else if (!('method' in m)) answers.push(m)
    })
    const client = new McpClient({ name: 'c', version: '1' }, { protocol: 'legacy' })
    client.onListRoots((ctx) => ({ roots: [{ uri: `file:///${ctx.era}/${ctx.protocolVersion}` }] }))
    await client.connect(clientEnd)
    await expect
      .poll(() => answers)
      .toEqual([{ jsonrpc: '2.0', id: 'r1', result: { roots: [{ uri: 'file:///legacy/2025-06-18' }] } }])
  })

  it('uses the transport cancel when it has one instead of notifications/cancelled', async () => {
    const { clientEnd } = await scriptedLegacy('2025-11-25')
    const cancelled: Array<[unknown, string]> = []
    const transport = Object.assign(clientEnd, {
      cancel: (id: unknown, reason: string) => void cancelled.push([id, reason]),
    })
    const client = new McpClient({ name: 'c', version: '1' }, { protocol: 'legacy', requestTimeoutMs: 20 })
    await client.connect(transport)
    await expect(client.ping()).rejects.toThrow(/timed out/)
    expect(cancelled).toEqual([[2, 'timed out after 20 ms']])
    expect((clientEnd.sent as Json[]).some((m) => m.method === 'notifications/cancelled')).toBe(false)
  })
})

describe('the transcript checker', () => {
  it('reports invalid messages (so the spec checks in the other tests can fail)', () => {
    const clientSent = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    ]
    const serverSent = [
      { jsonrpc: '2.0', id: 1, result: { content: [] } },
      { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'x' }] } },
    ]
    const problems = transcriptProblems('2025-06-18', clientSent, serverSent)
    expect(problems).toHaveLength(4)
    expect(problems.join('\n')).toMatch(/2026-07-28 ClientRequest/) // no clientCapabilities, no name
    expect(problems.join('\n')).toMatch(/2026-07-28 JSONRPCResultResponse/) // no resultType
    expect(problems.join('\n')).toMatch(/2025-06-18 ListToolsResult/) // tool without inputSchema
  })
})
