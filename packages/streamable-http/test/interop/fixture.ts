import { McpServer } from '@edgemcp/core'
import {
  createMcpHandler,
  type McpHandler,
  type McpHandlerOptions,
  StreamableHttpClientTransport,
} from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterEach } from 'vitest'

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface Fixture {
  server: McpServer
  mcp: McpHandler
  url: string
  /** Reasons of the `wait` tool's aborted signals. */
  aborted: unknown[]
  /** Resolves when the `wait` tool starts its next run. */
  waitStarted(): Promise<void>
}

const running: RunningServer[] = []
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c().catch(() => {})
  for (const r of running.splice(0)) await r.close()
})

/** Closes something (a client) after the test, before the servers. */
export function closeAfter<T extends { close(): Promise<void> }>(thing: T): T {
  closers.push(() => thing.close())
  return thing
}

/** Seven tools (three pages of three), a resource, a template, a prompt; closed after each test. */
export function makeInteropServer(): Pick<Fixture, 'server' | 'aborted' | 'waitStarted'> {
  const server = new McpServer({ name: 'interop-server', version: '1.0.0' }, { pageSize: 3, mrtrSecret: 'k' })
  const aborted: unknown[] = []
  const started: Array<() => void> = []
  const numbers = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }
  server.tool('add', { description: 'Adds', inputSchema: { ...numbers, required: ['a', 'b'] } }, (args) => ({
    content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }],
  }))
  server.tool(
    'stats',
    {
      title: 'Statistics',
      inputSchema: {
        type: 'object',
        properties: { values: { type: 'array', items: { type: 'number' } } },
        required: ['values'],
      },
      outputSchema: {
        type: 'object',
        properties: { count: { type: 'integer' }, mean: { type: 'number' } },
        required: ['count', 'mean'],
      },
    },
    (args) => {
      const values = args.values as number[]
      const stats = { count: values.length, mean: values.reduce((s, v) => s + v, 0) / values.length }
      return { content: [{ type: 'text', text: JSON.stringify(stats) }], structuredContent: stats }
    },
  )
  server.tool('fail', {}, () => ({ content: [{ type: 'text', text: 'it broke' }], isError: true }))
  server.tool(
    'ticker',
    { inputSchema: { type: 'object', properties: { steps: { type: 'integer' } }, required: ['steps'] } },
    async (args, ctx) => {
      const steps = Number(args.steps)
      for (let i = 1; i <= steps; i++) {
        await ctx.progress(i, steps, `step ${i}`)
        await delay(2)
      }
      return { content: [{ type: 'text', text: `ticked ${steps}` }] }
    },
  )
  server.tool('wait', {}, (_args, ctx) => {
    for (const f of started.splice(0)) f()
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        aborted.push(ctx.signal.reason)
        resolve({ content: [{ type: 'text', text: 'aborted' }] })
      })
    })
  })
  // One handler for both eras: server→client requests (legacy) or MRTR rounds (2026-07-28).
  server.tool('interview', {}, async (_args, ctx) => {
    const parts: string[] = []
    const caps = ctx.clientCapabilities
    if (caps.elicitation) {
      const answer = await ctx.elicit(
        {
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
        { key: 'name' },
      )
      parts.push(`name=${answer.action}:${String(answer.content?.name ?? '')}`)
    }
    if (caps.sampling) {
      const sampled = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
        maxTokens: 20,
      })
      parts.push(`model=${sampled.model}:${(sampled.content as { text: string }).text}`)
    }
    if (caps.roots) {
      const { roots } = await ctx.listRoots()
      parts.push(`roots=${roots.map((r) => r.uri).join(',')}`)
    }
    return { content: [{ type: 'text', text: parts.join(' ') }] }
  })
  server.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    (args) => ({
      content: [{ type: 'text', text: String(args.text) }],
    }),
  )

  let version = 1
  server.resource('note://readme', { name: 'readme', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: `Read me v${version++}` }],
  }))
  const ids = ['alpha', 'beta', 'gamma']
  server.resourceTemplate(
    'note://{id}',
    {
      name: 'note',
      mimeType: 'text/plain',
      complete: { id: (value) => ids.filter((id) => id.startsWith(value)) },
      list: () => ids.slice(0, 2).map((id) => ({ uri: `note://${id}`, name: id })),
    },
    (uri, vars) => ({ contents: [{ uri, mimeType: 'text/plain', text: `note ${String(vars.id)}` }] }),
  )
  const names = ['Ada', 'Alan', 'Grace']
  server.prompt(
    'greet',
    {
      description: 'Greets someone',
      arguments: [{ name: 'name', required: true }],
      complete: { name: (value) => names.filter((n) => n.startsWith(value)) },
    },
    (args) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Hello ${args.name}` } }] }),
  )
  const waitStarted = () => new Promise<void>((resolve) => started.push(resolve))
  return { server, aborted, waitStarted }
}

/** The interop server behind createMcpHandler on 127.0.0.1:0. */
export async function startInteropServer(options: McpHandlerOptions = {}): Promise<Fixture> {
  const parts = makeInteropServer()
  const mcp = createMcpHandler(parts.server, options)
  const r = await serve(mcp)
  running.push(r)
  return { ...parts, mcp, url: `${r.url}/` }
}

/** Our client transport with a recording fetch. */
export const clientTransport = (url: string, fetchImpl: typeof fetch) =>
  new StreamableHttpClientTransport(url, { fetch: fetchImpl, reconnectDelayMs: 20 })

export const textOf = (r: { content?: unknown }) =>
  ((r.content as Array<{ text?: string }> | undefined)?.[0]?.text ?? '') as string

export { delay }
