import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { closeAfter, startInteropServer } from './fixture.js'
import { type Json, recorder, specProblems } from './traffic.js'

// SDK 1.32.2 speaks 2025-11-25: the legacy era of our server.
const REV = '2025-11-25'

describe('the official SDK 1.32.2 client against createMcpHandler', () => {
  it('lists (page by page) and calls tools, reads a resource, gets a prompt, answers an elicitation', async () => {
    const fx = await startInteropServer()
    const traffic = recorder()
    const client = new Client({ name: 'sdk-client', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    const asked: Json[] = []
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params)
      return { action: 'accept', content: { name: 'Linus' } }
    })
    const transport = new StreamableHTTPClientTransport(new URL(fx.url), { fetch: traffic.fetch })
    await client.connect(transport)
    closeAfter(client)
    expect(client.getServerVersion()?.name).toBe('interop-server')
    expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/)
    expect(transport.protocolVersion).toBe(REV)

    const names: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor })
      names.push(...page.tools.map((t) => t.name))
      cursor = page.nextCursor
      pages++
    } while (cursor !== undefined)
    expect(pages).toBe(3)
    expect(names).toEqual(['add', 'stats', 'fail', 'ticker', 'wait', 'interview', 'echo'])

    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toMatchObject({
      content: [{ type: 'text', text: '42' }],
    })
    // The SDK checks structuredContent against the outputSchema it listed.
    const stats = await client.callTool({ name: 'stats', arguments: { values: [2, 4] } })
    expect(stats.structuredContent).toEqual({ count: 2, mean: 3 })
    const failed = await client.callTool({ name: 'fail', arguments: {} })
    expect(failed.isError).toBe(true)

    const read = await client.readResource({ uri: 'note://gamma' })
    expect(read.contents).toEqual([{ uri: 'note://gamma', mimeType: 'text/plain', text: 'note gamma' }])
    const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Grace' } })
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello Grace' } }])
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'name', value: 'G' },
    })
    expect(completion.completion.values).toEqual(['Grace'])

    // The interview tool elicits (the only input capability this client declared) on the call's SSE stream.
    const interview = await client.callTool({ name: 'interview', arguments: {} })
    expect(interview.content).toEqual([{ type: 'text', text: 'name=accept:Linus' }])
    expect(asked).toHaveLength(1)
    expect(asked[0]?.message).toBe('Your name?')
    const elicitation = traffic.received.find((m) => m.method === 'elicitation/create')
    expect(traffic.sent).toContainEqual({
      jsonrpc: '2.0',
      id: elicitation?.id,
      result: { action: 'accept', content: { name: 'Linus' } },
    })

    await transport.terminateSession()
    expect(traffic.exchanges.at(-1)).toMatchObject({ method: 'DELETE', status: 200 })
    // Everything our server sent is valid 2025-11-25.
    expect(specProblems(REV, traffic, { server: true })).toEqual([])
  })
})

describe('the SDK client follows our server-side stream handling', () => {
  it('gets progress, and resumes with Last-Event-ID when closeSseStream() drops the connection', async () => {
    const fx = await startInteropServer({ retryMs: 10 })
    fx.server.tool('poll', {}, async (_args, ctx) => {
      for (let i = 1; i <= 10; i++) {
        await ctx.progress(i, 10)
        if (i === 5) expect(fx.mcp.closeSseStream(ctx.sessionId as string, ctx.requestId)).toBe(true)
        await new Promise((r) => setTimeout(r, 2))
      }
      return { content: [{ type: 'text', text: 'polled' }] }
    })
    const traffic = recorder()
    const client = new Client({ name: 'sdk-client', version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(new URL(fx.url), { fetch: traffic.fetch })
    await client.connect(transport)
    closeAfter(client)
    const progress: number[] = []
    const result = await client.callTool({ name: 'poll', arguments: {} }, undefined, {
      onprogress: (p) => void progress.push(p.progress),
    })
    expect(result.content).toEqual([{ type: 'text', text: 'polled' }])
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const resumed = traffic.exchanges.filter(
      (e) => e.method === 'GET' && e.requestHeaders.get('last-event-id'),
    )
    expect(resumed.map((e) => e.status)).toEqual([200])
    expect(specProblems(REV, traffic, { server: true })).toEqual([])
  })
})
