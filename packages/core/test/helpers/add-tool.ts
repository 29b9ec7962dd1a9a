import type { McpServer } from '../../src/server/mcp-server.js'

/**
 * Registers the `add` tool the scenario and client tests call: `{ a, b }` numbers → their sum as text. Takes
 * any server with `tool()`: this package's McpServer or the built one the transports' tests import.
 */
export function addTool<S extends Pick<McpServer, 'tool'>>(server: S): S {
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
