import { McpServer } from '@edgemcp/core'

/**
 * The MCP server: one tool that asks the user a question (elicitation) and one resource. It is built once per
 * isolate and once per session Durable Object, so register the same things every time.
 */
export function createServer({ mrtrSecret }: { mrtrSecret?: string | undefined }): McpServer {
  const server = new McpServer({ name: 'my-mcp-worker', version: '0.0.0' }, { mrtrSecret })

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
        // Legacy sessions: an elicitation/create request; 2026-07-28: an input_required round.
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

  server.tool(
    'whoami',
    {
      title: 'Who am I?',
      description: 'The user and scopes of the access token this request came with',
      annotations: { readOnlyHint: true },
      inputSchema: { type: 'object', properties: {} },
    },
    (_args, ctx) => {
      const who = ctx.authInfo as { subject?: string; scopes?: readonly string[] } | undefined
      return {
        content: [{ type: 'text', text: who?.subject ?? 'anonymous' }],
        structuredContent: { subject: who?.subject ?? null, scopes: [...(who?.scopes ?? [])] },
      }
    },
  )

  server.resource('info://about', { name: 'about', mimeType: 'text/plain' }, (uri) => ({
    contents: [
      {
        uri,
        mimeType: 'text/plain',
        text: 'An MCP server on Cloudflare Workers behind OAuth, made with edgemcp.',
      },
    ],
  }))

  return server
}
