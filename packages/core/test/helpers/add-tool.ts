/**
 * What `addTool` needs of a server: its `tool()` method, loosely. Loose on purpose: the transports' tests pass
 * the built McpServer (dist), whose inferred generic `tool()` is a different declaration from this source's.
 */
interface ToolHost {
  tool(
    name: string,
    definition: { inputSchema: Record<string, unknown> },
    handler: (args: Record<string, unknown>) => { content: Array<{ type: 'text'; text: string }> },
  ): unknown
}

/**
 * Registers the `add` tool the scenario and client tests call: `{ a, b }` numbers → their sum as text. Takes
 * any server with `tool()`: this package's McpServer or the built one the transports' tests import.
 */
export function addTool<S extends ToolHost>(server: S): S {
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
