import { McpServer } from '@edgemcp/core'
import { createStatelessFetchHandler } from '@edgemcp/streamable-http/stateless'

const server = new McpServer({ name: 'on-supabase', version: '1.0.0' })
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

// 2026-07-28 clients: every request stands alone, so any instance answers it. The fetch handler answers
// whatever path it is given: https://<project>.supabase.co/functions/v1/mcp reaches it as /mcp.
const mcp = createStatelessFetchHandler(server)

Deno.serve((request) => mcp(request))
