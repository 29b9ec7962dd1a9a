import { McpServer } from '@edgemcp/core'

/** The MCP server: one tool that asks the user a question (elicitation) and one resource. */
export function createServer(): McpServer {
  const server = new McpServer({ name: 'my-mcp-server', version: '0.0.0' })

  server.tool(
    'greet',
    {
      title: 'Greet someone',
      description: 'Greets a person by name; asks for the name when none is given.',
      inputSchema: { type: 'object', properties: { name: { type: 'string', maxLength: 100 } } },
    },
    async ({ name }, ctx) => {
      let who = typeof name === 'string' && name !== '' ? name : undefined
      if (who === undefined) {
        const answer = await ctx.elicit({
          message: 'Whom should I greet?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string', title: 'Name', maxLength: 100 } },
            required: ['name'],
          },
        })
        if (answer.action !== 'accept' || typeof answer.content?.name !== 'string')
          return { content: [{ type: 'text', text: 'Nobody to greet.' }] }
        who = answer.content.name
      }
      return { content: [{ type: 'text', text: `Hello, ${who}!` }] }
    },
  )

  server.resource('info://about', { name: 'about', mimeType: 'text/plain' }, (uri) => ({
    contents: [
      { uri, mimeType: 'text/plain', text: 'An MCP server for desktop clients (stdio), made with edgemcp.' },
    ],
  }))

  return server
}
