import { McpServer } from '@edgemcp/core'
import { createAutoHandler } from '@edgemcp/sse'
import { Hono } from 'hono'

const server = new McpServer({ name: 'on-bun', version: '1.0.0' })
server.tool(
  'add',
  {
    description: 'Adds two numbers',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
)

// Every client on one URL: 2026-07-28, the 2025 sessions, and legacy HTTP+SSE (2024-11-05).
const app = new Hono().route('/mcp', createAutoHandler(server))

const http = Bun.serve({
  hostname: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  // Bun closes connections idle for 10 s; SSE streams wait 15 s between keep-alives.
  idleTimeout: 0,
  fetch: app.fetch,
})
console.log(`MCP at ${http.url}mcp`)
