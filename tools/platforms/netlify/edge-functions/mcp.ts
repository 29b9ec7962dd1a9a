import { McpServer } from '@edgemcp/core'
import { createStatelessFetchHandler } from '@edgemcp/streamable-http/stateless'

const server = new McpServer({ name: 'on-netlify', version: '1.0.0' })
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

// 2026-07-28 clients: every request stands alone, so any isolate of any region answers it.
const mcp = createStatelessFetchHandler(server)

export default (request: Request) => mcp(request)

export const config = { path: '/mcp' }
