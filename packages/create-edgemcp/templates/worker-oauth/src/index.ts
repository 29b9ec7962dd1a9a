import { createMcpWorker } from '@edgemcp/workers'
import { withAuthorizationServer } from './oauth-server.js'
import { createServer } from './server.js'

// Not exported: workerd takes every named export of the main module for an entrypoint (a class or handler).
const MCP_PATH = '/mcp'

/** MCP at /mcp for clients of every revision (2024-11-05 … 2026-07-28), legacy HTTP+SSE included. */
const worker = createMcpWorker<Env>({
  server: (_env, { mrtrSecret }) => createServer({ mrtrSecret }),
  path: MCP_PATH,
  legacySse: true,
})

// The Durable Object classes, exported under the names wrangler.jsonc binds.
export class McpSessionObject extends worker.McpSessionObject {}
export class McpHubObject extends worker.McpHubObject {}

// /mcp needs an access token this Worker issued; /authorize is its sign-in and consent page.
export default { fetch: withAuthorizationServer(worker, MCP_PATH) } satisfies ExportedHandler<Env>
