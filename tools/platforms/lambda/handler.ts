import { McpServer } from '@edgemcp/core'
import { createStatelessJsonHandler } from '@edgemcp/streamable-http/stateless'
import { Hono } from 'hono'
import { handle } from 'hono/aws-lambda'

const server = new McpServer({ name: 'on-lambda', version: '1.0.0' })
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

// 2026-07-28 clients, one JSON body per request: API Gateway buffers every answer, and every request stands
// alone, so any Lambda instance answers it.
const mcp = createStatelessJsonHandler(server)

const app = new Hono()
app.all('/mcp', (c) => mcp(c.req.raw))

export const handler = handle(app)
