import type { McpServer } from '../../src/server/mcp-server.js'

/** Registers the `add` tool the scenario and client tests call: `{ a, b }` numbers → their sum as text. */
export function addTool(server: McpServer): McpServer {
  server.tool(
    'add',
    {
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
  )
  return server
}
