// The conformance fixtures of apps/conformance-server, served by @edgemcp/workers at /mcp: 2026-07-28
// statelessly in the Worker, legacy sessions in their Durable Objects, listen streams through the hub.
import { createConformanceServer } from '@edgemcp/conformance-server/create-server'
import { createMcpWorker } from '@edgemcp/workers'

export interface Env {
  MCP_SESSION: DurableObjectNamespace
  MCP_HUB: DurableObjectNamespace
  /** MRTR signing key shared by every isolate (`.dev.vars`, `--var` or `wrangler secret put`). */
  MCP_MRTR_SECRET?: string
}

/** The endpoint the conformance runner targets by default. (Only handlers may be exported from here.) */
const MCP_PATH = '/mcp'

const worker = createMcpWorker<Env>({
  server: (_env, { mrtrSecret, closeSseStream }) =>
    createConformanceServer({ mrtrSecret, hooks: { closeSseStream } }),
  path: MCP_PATH,
  // As on Node: clients told to reconnect (SSE polling) come back quickly.
  handler: { retryMs: 200 },
})

export const { McpSessionObject, McpHubObject } = worker
export default { fetch: worker.fetch } satisfies ExportedHandler<Env>
