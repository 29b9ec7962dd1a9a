import { McpClient } from '@edgemcp/core'
import { SseClientTransport } from '@edgemcp/sse'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { fleetForFile } from './support.js'

/**
 * Clients through the proxy: every request lands on the next instance, so each of these calls crosses
 * instances (a session made on one, its elicitation answered on another, its stream held by a third).
 */
const bed = fleetForFile()
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => {})
})

const SIMPLE = 'This is a simple text response for testing.'
const ELICITED = 'User response: action=accept, content={"username":"grace","email":"grace@example.com"}'
const answer = { action: 'accept' as const, content: { username: 'grace', email: 'grace@example.com' } }
const textOf = (r: object) => ((r as { content?: Array<{ text: string }> }).content ?? [])[0]?.text

async function sdkClient(transport: StreamableHTTPClientTransport | SSEClientTransport) {
  const client = new Client({ name: 'sdk', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  client.setRequestHandler(ElicitRequestSchema, async () => answer)
  await client.connect(transport)
  closers.push(() => client.close())
  return client
}

describe('the official SDK client (1.32.2) through the proxy', () => {
  it('Streamable HTTP: a session across instances, tools, elicitation, progress', async () => {
    const client = await sdkClient(new StreamableHTTPClientTransport(new URL(bed.fleet.url)))
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toContain('test_elicitation')
    for (let i = 0; i < 6; i++)
      expect(textOf(await client.callTool({ name: 'test_simple_text' }))).toBe(SIMPLE)
    const elicited = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who?' } })
    expect(textOf(elicited)).toBe(ELICITED)
    const progress: number[] = []
    const done = await client.callTool({ name: 'test_tool_with_progress' }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    })
    expect(textOf(done)).toBe('Progress test completed')
    expect(progress).toEqual([0, 50, 100])
  })

  it('legacy HTTP+SSE: the stream on one instance, every POST on the next', async () => {
    const client = await sdkClient(new SSEClientTransport(new URL(bed.fleet.url)))
    for (let i = 0; i < 4; i++)
      expect(textOf(await client.callTool({ name: 'test_simple_text' }))).toBe(SIMPLE)
    const elicited = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who?' } })
    expect(textOf(elicited)).toBe(ELICITED)
  })
})

describe('our clients through the proxy', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)('McpClient over Streamable HTTP (%s)', async (protocol) => {
    const client = new McpClient(
      { name: 'ours', version: '1.0.0' },
      { protocol, requestTimeoutMs: 20_000, handlers: { elicit: () => answer } },
    )
    await client.connect(new StreamableHttpClientTransport(bed.fleet.url))
    closers.push(() => client.close())
    for (let i = 0; i < 4; i++)
      expect(textOf(await client.callTool({ name: 'test_simple_text' }))).toBe(SIMPLE)
    const elicited = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who?' } })
    expect(textOf(elicited)).toBe(ELICITED)
  })

  it('McpClient over legacy HTTP+SSE', async () => {
    const client = new McpClient(
      { name: 'ours', version: '1.0.0' },
      { protocol: '2025-06-18', requestTimeoutMs: 20_000, handlers: { elicit: () => answer } },
    )
    await client.connect(new SseClientTransport(bed.fleet.url))
    closers.push(() => client.close())
    const elicited = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who?' } })
    expect(textOf(elicited)).toBe(ELICITED)
  })
})
