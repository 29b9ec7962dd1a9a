// What a server needs to answer MCP over HTTP in a Worker, per library: the server class and its web-standard
// (Request → Response) Streamable HTTP transport, every dependency bundled (only the Workers runtime module
// stays external), built the same way for all, with the conditions wrangler resolves for workerd. The edgemcp rows are the reference the ratios are taken against.
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))

/** The entry the ratios are relative to. */
export const REFERENCE = 'edgemcp: McpServer + createMcpFetchHandler'

export const peers = [
  {
    name: REFERENCE,
    covers: 'all revisions 2024-11-05 … 2026-07-28, JSON Schema validation (@cfworker/json-schema)',
    contents:
      "export { McpServer } from '@edgemcp/core'; export { createMcpFetchHandler } from '@edgemcp/streamable-http'",
  },
  {
    name: 'edgemcp: McpServer + createStatelessFetchHandler',
    covers: '2026-07-28 only (no legacy sessions), JSON Schema validation (@cfworker/json-schema)',
    contents:
      "export { McpServer } from '@edgemcp/core'; export { createStatelessFetchHandler } from '@edgemcp/streamable-http/stateless'",
  },
  {
    name: 'edgemcp: McpServer + createMcpWorker',
    covers: 'the above + Durable Object sessions, hub fan-out, legacy HTTP+SSE',
    contents:
      "export { McpServer } from '@edgemcp/core'; export { createMcpWorker, notifyListChanged } from '@edgemcp/workers'",
  },
  {
    name: 'MCP SDK 1.32.2: McpServer + WebStandardStreamableHTTPServerTransport',
    covers: 'revisions up to 2025-11-25, zod + ajv',
    contents:
      "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'; export { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'",
  },
  {
    name: '@hono/mcp 0.3.2: StreamableHTTPTransport + SDK McpServer + Hono',
    covers: 'as the SDK, on Hono',
    contents:
      "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'; export { StreamableHTTPTransport } from '@hono/mcp'; export { Hono } from 'hono'",
  },
  {
    name: 'mcp-lite 0.10.0: McpServer + StreamableHttpTransport',
    covers:
      'revisions 2025-03-26 and 2025-06-18; validates Standard Schema only (a plain JSON Schema is not checked)',
    contents: "export { McpServer, StreamableHttpTransport } from 'mcp-lite'",
  },
].map((p) => ({
  ...p,
  resolveDir: here,
  external: ['cloudflare:workers'],
  conditions: ['workerd', 'worker', 'browser'],
}))
