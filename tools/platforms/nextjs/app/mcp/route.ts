import { McpServer } from '@edgemcp/core'
import { createMcpFetchHandler } from '@edgemcp/streamable-http'

const server = new McpServer({ name: 'on-nextjs', version: '1.0.0' })
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

// Both eras at /mcp. Legacy sessions live in this instance's memory: fine under `next start`, not on a
// fleet of serverless instances (see the guide).
const mcp = createMcpFetchHandler(server)

export const GET = (request: Request) => mcp(request)
export const POST = (request: Request) => mcp(request)
export const DELETE = (request: Request) => mcp(request)
