import { McpServer } from '@edgemcp/core'
import { createAutoHandler } from '@edgemcp/sse'
import { Hono } from 'hono'

const server = new McpServer({ name: 'on-deno', version: '1.0.0' })
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

// Deno Deploy and `deno run` alike; locally on port 8000 (DENO_SERVE_ADDRESS=tcp:127.0.0.1:3000 to move it).
Deno.serve(app.fetch)
