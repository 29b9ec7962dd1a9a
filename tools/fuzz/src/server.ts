import { McpServer } from '@edgemcp/core'

/** Protocol revisions the fuzzer speaks. */
export const MODERN = '2026-07-28'
export const LATEST_LEGACY = '2025-11-25'
export const BATCH_REVISION = '2025-03-26'

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The server every transport under fuzz serves: a few tools covering plain JSON answers (`add`, `echo`),
 * streamed answers (`ticker` sends progress, so the reply switches to SSE), an awaiting tool (`wait`), plus a
 * resource, a template and a prompt so that every method has something to hit. Arguments are clamped: a
 * hostile `steps: 1e9` must not make the fuzzer itself slow.
 */
export function makeFuzzServer(): McpServer {
  const server = new McpServer({ name: 'fuzz-target', version: '1.0.0' }, { mrtrSecret: 'fuzz' })
  server.tool(
    'add',
    {
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    ({ a, b }) => text(String(Number(a) + Number(b))),
  )
  server.tool(
    'echo',
    {
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' }, region: { type: 'string', 'x-mcp-header': 'Region' } },
        required: ['text'],
      },
    },
    ({ text: t }) => text(String(t)),
  )
  server.tool(
    'ticker',
    { inputSchema: { type: 'object', properties: { steps: { type: 'integer' } } } },
    async (args, ctx) => {
      const steps = Math.max(0, Math.min(3, Number(args.steps) || 0))
      for (let i = 1; i <= steps; i++) await ctx.progress(i, steps)
      return text(`ticked ${steps}`)
    },
  )
  server.tool(
    'wait',
    { inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } } },
    async (args) => {
      await delay(Math.max(0, Math.min(5, Number(args.ms) || 0)))
      return text('waited')
    },
  )
  server.resource('note://fixed', { name: 'fixed', mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri, text: 'fixed' }],
  }))
  server.resourceTemplate('note://{id}', { name: 'note' }, async (uri, vars) => ({
    contents: [{ uri, text: `note ${String(vars.id)}` }],
  }))
  server.prompt('greet', { arguments: [{ name: 'who', required: true }] }, async (args) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `hello ${String(args.who)}` } }],
  }))
  return server
}
