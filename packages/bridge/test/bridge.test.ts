import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { McpClient, McpServer, type ProtocolChoice } from '@edgemcp/core'
import { StdioClientTransport } from '@edgemcp/stdio'
import { createSseHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { eventually } from '@edgemcp/test-helpers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

// The bin as a stdio client launches it: a child process speaking newline-delimited JSON-RPC.
const bin = fileURLToPath(new URL('../bin/edgemcp-bridge.js', import.meta.url))
beforeAll(() => {
  if (!existsSync(new URL('../dist/cli.js', import.meta.url)))
    throw new Error('build first: npm run build -w @edgemcp/bridge')
})

const cleanup: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => {})
})

/** The remote: an edgemcp server over real HTTP, with a tool that asks the user and one that reports progress. */
async function startRemote(transport: 'streamable-http' | 'sse' = 'streamable-http') {
  const server = new McpServer({ name: 'remote', version: '2.0.0' }, { instructions: 'Remote instructions.' })
  server.tool(
    'greet',
    { inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    ({ name }) => ({ content: [{ type: 'text', text: `hello ${name}` }] }),
  )
  server.tool('confirm', { description: 'asks the user' }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Really?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    })
    return {
      content: [{ type: 'text', text: `${ctx.era}:${answer.action}:${JSON.stringify(answer.content)}` }],
    }
  })
  server.tool('count', {}, async (_args, ctx) => {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3, `step ${i}`)
    return { content: [{ type: 'text', text: 'counted' }] }
  })
  const cancelled: string[] = []
  const waiting: string[] = []
  server.tool('wait', {}, (_args, ctx) => {
    waiting.push(ctx.era)
    ctx.signal.addEventListener('abort', () => cancelled.push(ctx.era))
    return new Promise(() => {})
  })
  server.resource('mem://note', { name: 'note', mimeType: 'text/plain' }, () => ({
    contents: [{ uri: 'mem://note', text: 'the note' }],
  }))
  server.resourceTemplate('mem://items/{id}', { name: 'item' }, (uri, vars) => ({
    contents: [{ uri, text: `item ${String(vars.id)}` }],
  }))
  server.prompt('review', { arguments: [{ name: 'code', required: true }] }, ({ code }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `review ${code}` } }],
  }))
  const running: RunningServer = await serve(
    transport === 'sse' ? createSseHandler(server) : createMcpHandler(server),
  )
  cleanup.push(() => running.close())
  return { server, url: `${running.url}/${transport === 'sse' ? 'sse' : ''}`, cancelled, waiting }
}

/** A stdio client of the given era, launching the bridge to `url` speaking `remote` to the server. */
async function throughBridge(url: string, options: { stdio: ProtocolChoice; remote: ProtocolChoice }) {
  const client = new McpClient(
    { name: 'stdio-client', version: '1.0.0' },
    {
      protocol: options.stdio,
      handlers: {
        elicit: (params) => ({ action: 'accept', content: { ok: params.message === 'Really?' } }),
      },
    },
  )
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, url, '--protocol', options.remote],
    stderr: 'pipe',
  })
  await client.connect(transport)
  cleanup.push(() => client.close())
  return { client, transport }
}

const text = (result: { content?: unknown }) => (result.content as Array<{ text: string }>)[0]!.text

describe.each([
  { stdio: 'legacy', remote: 'modern' },
  { stdio: 'modern', remote: 'legacy' },
  { stdio: 'legacy', remote: 'legacy' },
  { stdio: 'modern', remote: 'modern' },
] as const)('edgemcp-bridge: a $stdio stdio client, a $remote remote', ({ stdio, remote }) => {
  it('serves the remote as it is: info, tools, resources, templates, prompts, calls', async () => {
    const { url } = await startRemote()
    const { client } = await throughBridge(url, { stdio, remote })
    expect(client.era).toBe(stdio)
    expect(client.serverInfo?.name).toBe('remote')
    expect(client.instructions).toBe('Remote instructions.')
    const tools = (await client.listAllTools()).map((t) => t.name)
    expect(tools).toEqual(['greet', 'confirm', 'count', 'wait'])
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } }))).toBe('hello Ada')
    const note = await client.readResource({ uri: 'mem://note' })
    expect(note.contents).toEqual([{ uri: 'mem://note', text: 'the note' }])
    const item = await client.readResource({ uri: 'mem://items/7' })
    expect(item.contents).toEqual([{ uri: 'mem://items/7', text: 'item 7' }])
    const prompt = await client.getPrompt({ name: 'review', arguments: { code: 'x()' } })
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'review x()' } }])
  })

  it("turns the remote's question into one its stdio client understands (elicitation)", async () => {
    const { url } = await startRemote()
    const { client } = await throughBridge(url, { stdio, remote })
    // The remote asked in its era (server→client request or input_required), the stdio client answered in its own.
    expect(text(await client.callTool({ name: 'confirm', arguments: {} }))).toBe(
      `${remote}:accept:{"ok":true}`,
    )
  })

  it('relays progress and list changes', async () => {
    const { server, url } = await startRemote()
    const { client } = await throughBridge(url, { stdio, remote })
    const progress: string[] = []
    await client.callTool(
      { name: 'count', arguments: {} },
      { onprogress: (p) => progress.push(String(p.message)) },
    )
    expect(progress).toEqual(['step 1', 'step 2', 'step 3'])

    const listening = client.listen({ toolsListChanged: true })
    await listening.acknowledged
    server.tool('late', {}, () => ({ content: [{ type: 'text', text: 'late' }] }))
    await eventually(async () => {
      expect((await client.listAllTools()).map((t) => t.name)).toContain('late')
    })
    expect(text(await client.callTool({ name: 'late', arguments: {} }))).toBe('late')
    await listening.close()
  })

  it('cancels the remote call when the stdio client cancels its request', async () => {
    const { url, cancelled, waiting } = await startRemote()
    const { client } = await throughBridge(url, { stdio, remote })
    const abort = new AbortController()
    const call = client.callTool({ name: 'wait', arguments: {} }, { signal: abort.signal })
    await eventually(() => expect(waiting).toEqual([remote])) // the call has reached the remote
    abort.abort()
    await expect(call).rejects.toThrow()
    await eventually(() => expect(cancelled).toEqual([remote]))
  })

  it('relays resource updates the stdio client subscribed to', async () => {
    const { server, url } = await startRemote()
    const { client } = await throughBridge(url, { stdio, remote })
    const updated: string[] = []
    client.onNotification('notifications/resources/updated', ({ params }) => updated.push(String(params.uri)))
    const listening = client.listen({ resourceSubscriptions: ['mem://note'] })
    await listening.acknowledged
    await eventually(async () => {
      await server.notifyResourceUpdated('mem://note')
      expect(updated).toContain('mem://note')
    })
    await listening.close()
  })
})

describe('edgemcp-bridge to a legacy HTTP+SSE (2024-11-05) server', () => {
  it.each(['legacy', 'modern'] as const)(
    'serves it to a %s stdio client, elicitation included',
    async (stdio) => {
      const { url } = await startRemote('sse')
      const { client } = await throughBridge(url, { stdio, remote: 'auto' })
      expect(client.era).toBe(stdio)
      expect(text(await client.callTool({ name: 'greet', arguments: { name: 'SSE' } }))).toBe('hello SSE')
      expect(text(await client.callTool({ name: 'confirm', arguments: {} }))).toBe(
        'legacy:accept:{"ok":true}',
      )
    },
  )
})

describe('edgemcp-bridge: errors, one line on stderr and nothing else on stdout', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      )
      child.stdin?.end()
    })

  it.each([
    [[], /the remote server URL is missing/, 2],
    [['not a url'], /not a URL/, 2],
    [['http://example.com/mcp'], /http: is only for loopback servers/, 2],
    [['https://x.test/mcp', '--header', 'bad'], /--header must look like "Name: value"/, 2],
    [['https://x.test/mcp', '--protocol', 'newest'], /--protocol must be/, 2],
    [['http://127.0.0.1:9/mcp'], /cannot reach http:\/\/127\.0\.0\.1:9\/mcp/, 1],
  ] as const)('%j', async (args, message, code) => {
    const out = await run([...args])
    expect(out.code).toBe(code)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(message)
    expect(out.stderr.trim().split('\n')).toHaveLength(1)
  })

  it.each([
    ['never answers', () => new Promise<Response>(() => {})],
    [
      'answers an endless JSON body',
      () => {
        const chunk = new TextEncoder().encode(`{"jsonrpc":"2.0","id":1,"result":{"x":"${'a'.repeat(60_000)}`)
        const body = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(chunk) })
        return new Response(body, { headers: { 'content-type': 'application/json' } })
      },
    ],
    [
      'answers an endless event stream of comments',
      () => {
        const chunk = new TextEncoder().encode(`: ${'x'.repeat(60_000)}\n`)
        const body = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(chunk) })
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
      },
    ],
  ] as const)('ends with one clear line when the remote %s, within its timeout', async (_what, answer) => {
    const running = await serve({ fetch: answer })
    cleanup.push(() => running.close())
    const out = await run([`${running.url}/mcp`, '--timeout', '2000', '--no-auth'])
    expect(out.code).toBe(1)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(/^edgemcp-bridge: cannot reach .*\n$/)
  })

  it('exits with a clear line when the remote answers garbage, without hanging', async () => {
    const running = await serve({ fetch: () => new Response('<html>not mcp</html>', { status: 200 }) })
    cleanup.push(() => running.close())
    const out = await run([`${running.url}/mcp`])
    expect(out.code).toBe(1)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(/^edgemcp-bridge: cannot reach .*\n$/)
  })
})
