import { McpClient, type McpClientOptions, McpServer, type ProtocolChoice } from '@edgemcp/core'
import { useClientMiddleware, useMiddleware } from '@edgemcp/core/middleware'
import { createMcpHandler, StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'
import { onTestFinished } from 'vitest'
import { clientTracing, type ServerTracingOptions, serverTracing } from '../../src/index.js'

/** A server with a tool of each outcome, a prompt and a resource. */
export function tracedServer(options: ServerTracingOptions) {
  const server = new McpServer({ name: 'traced', version: '1.0.0' })
  server.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    (args) => ({
      content: [{ type: 'text', text: String((args as { text?: unknown }).text) }],
    }),
  )
  server.tool('broken', {}, () => ({ content: [{ type: 'text', text: 'it broke' }], isError: true }))
  server.prompt('greet', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }))
  server.resource('memo://one', { name: 'one' }, (uri) => ({ contents: [{ uri, text: '1' }] }))
  useMiddleware(server, serverTracing(options))
  return server
}

/** Serves `server` on a free port until the test finishes; its URL. */
export async function serveForTest(
  server: McpServer,
  wrap?: (app: { fetch: (r: Request) => Promise<Response> }) => { fetch: (r: Request) => Promise<Response> },
): Promise<string> {
  const app = createMcpHandler(server)
  const running = await serve(wrap ? wrap(app as never) : app)
  onTestFinished(() => running.close())
  return running.url
}

export async function tracedClient(
  url: string,
  protocol: ProtocolChoice,
  options: Parameters<typeof clientTracing>[0],
  clientOptions: McpClientOptions = {},
) {
  const client = new McpClient({ name: 'traced-client', version: '1.0.0' }, { ...clientOptions, protocol })
  useClientMiddleware(client, clientTracing({ ...options, serverUrl: url }))
  const transport = new StreamableHttpClientTransport(url)
  await client.connect(transport)
  onTestFinished(() => client.close())
  return Object.assign(client, { transport })
}
