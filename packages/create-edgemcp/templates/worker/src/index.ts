import { createMcpWorker } from '@edgemcp/workers'
import { createServer } from './server.js'

/** MCP at /mcp for clients of every revision (2024-11-05 … 2026-07-28), legacy HTTP+SSE included. */
const worker = createMcpWorker<Env>({
  server: (_env, { mrtrSecret }) => createServer({ mrtrSecret }),
  path: '/mcp',
  legacySse: true,
})

// The Durable Object classes, exported under the names wrangler.jsonc binds.
export class McpSessionObject extends worker.McpSessionObject {}
export class McpHubObject extends worker.McpHubObject {}

export default { fetch: worker.fetch } satisfies ExportedHandler<Env>
