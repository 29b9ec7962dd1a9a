// The most common Worker shape: a server made at module scope (no randomness, timers or I/O may run there).
import { McpServer } from '@edgemcp/core'
import { createMcpHandler } from '@edgemcp/streamable-http'

const server = new McpServer({ name: 'module-scope', version: '1.0.0' })
server.tool(
  'add',
  { inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
)

export default { fetch: createMcpHandler(server).fetch } satisfies ExportedHandler
