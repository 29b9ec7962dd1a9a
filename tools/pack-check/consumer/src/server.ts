// The server every scenario serves: one tool with an input and an output schema.
import { McpServer } from '@edgemcp/core'

export function createServer(): McpServer {
  const server = new McpServer({ name: 'consumer', version: '1.0.0' })
  server.tool(
    'add',
    {
      description: 'Adds two numbers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
    ({ a, b }) => {
      const sum = Number(a) + Number(b)
      return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum } }
    },
  )
  return server
}
