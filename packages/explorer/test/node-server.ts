import { McpServer } from '@edgemcp/core'
import { createExplorer } from '@edgemcp/explorer'
import { createMcpFetchHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'

const text = (t: string) => ({ type: 'text' as const, text: t })
/** A 1×1 PNG, to see an image result rendered. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/**
 * A Node server with the explorer at `/` and MCP at `/mcp`: the sample's tools in memory (notes, a long task,
 * a calculator of sums and products), and one tool whose form has every kind of field.
 */
export function startNodeServer(): Promise<RunningServer> {
  const server = new McpServer(
    { name: 'explorer-node', title: 'Explorer on Node', version: '1.0.0' },
    { instructions: 'A Node server for the explorer tests.', mrtrSecret: 'node-test-secret' },
  )
  const notes = new Map<number, { title: string; body: string }>()
  let nextId = 1
  server.tool(
    'add_note',
    {
      description: 'Adds a note',
      inputSchema: {
        type: 'object',
        properties: { title: { type: 'string' }, body: { type: 'string' } },
        required: ['title', 'body'],
      },
    },
    ({ title, body }) => {
      const id = nextId++
      notes.set(id, { title: String(title), body: String(body) })
      return { content: [text(`Added note://${id}`)], structuredContent: { id, uri: `note://${id}` } }
    },
  )
  server.tool(
    'delete_note',
    {
      description: 'Deletes a note after asking',
      annotations: { destructiveHint: true },
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    },
    async ({ id }, ctx) => {
      const note = notes.get(Number(id))
      if (!note) return { content: [text(`No note note://${id}`)], isError: true }
      const answer = await ctx.elicit({
        message: `Delete "${note.title}" (note://${id})?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Delete it' } },
          required: ['confirm'],
        },
      })
      if (answer.action !== 'accept' || answer.content?.confirm !== true)
        return { content: [text(`Kept note://${id}`)] }
      notes.delete(Number(id))
      return { content: [text(`Deleted note://${id}`)] }
    },
  )
  server.tool(
    'long_task',
    {
      description: 'Reports progress',
      inputSchema: {
        type: 'object',
        properties: {
          steps: { type: 'integer', default: 5 },
          delayMs: { type: 'integer', default: 200 },
        },
      },
    },
    async ({ steps = 5, delayMs = 200 }, ctx) => {
      for (let step = 1; step <= Number(steps); step++) {
        await new Promise((resolve) => setTimeout(resolve, Number(delayMs)))
        await ctx.progress(step, Number(steps), `step ${step} of ${steps}`)
      }
      return { content: [text(`Done: ${steps} steps`)] }
    },
  )
  server.tool(
    'calculate',
    {
      description: 'Sums and products of numbers, e.g. (2 + 3) * 4',
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: { expression: { type: 'string' } },
        required: ['expression'],
      },
      outputSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
    },
    ({ expression }) => {
      const e = String(expression)
      if (!/^[\d\s+*()]+$/.test(e)) return { content: [text('Cannot calculate')], isError: true }
      // Only digits, spaces, + * and parentheses reach here.
      const value = Function(`return (${e})`)() as number
      return { content: [text(String(value))], structuredContent: { value } }
    },
  )
  server.tool(
    'every_field',
    {
      description: 'Echoes its arguments, with an image',
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'A string' },
          size: { type: 'string', enum: ['small', 'large'], default: 'small' },
          count: { type: 'number', default: 2 },
          loud: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          address: {
            type: 'object',
            properties: { city: { type: 'string' }, zip: { type: 'integer' } },
            required: ['city'],
          },
        },
        required: ['name'],
      },
    },
    (args) => ({
      content: [text(JSON.stringify(args)), { type: 'image', data: PIXEL, mimeType: 'image/png' }],
      structuredContent: args,
    }),
  )
  server.resourceTemplate(
    'note://{id}',
    { name: 'note', title: 'A note', description: 'One note as Markdown', mimeType: 'text/markdown' },
    (uri, { id }) => {
      const note = notes.get(Number(id))
      return {
        contents: note ? [{ uri, mimeType: 'text/markdown', text: `# ${note.title}\n\n${note.body}\n` }] : [],
      }
    },
  )
  server.resource('info://about', { name: 'about', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'About this server' }],
  }))
  server.prompt(
    'draft_note',
    { description: 'Drafts a note', arguments: [{ name: 'subject', required: true }] },
    ({ subject }) => ({ messages: [{ role: 'user', content: text(`Draft a short note about ${subject}`) }] }),
  )
  const mcp = createMcpFetchHandler(server)
  const explorer = createExplorer()
  return serve({
    fetch: (request: Request, env: unknown) =>
      new URL(request.url).pathname === '/' ? explorer(request) : mcp(request, env as never),
  })
}
