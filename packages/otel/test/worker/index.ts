import { McpServer } from '@edgemcp/core'
import { useMiddleware } from '@edgemcp/core/middleware'
import { serverTracing } from '@edgemcp/otel'
import { createMcpWorker } from '@edgemcp/workers'
import { instrument, instrumentDO, type ResolveConfigFn } from '@microlabs/otel-cf-workers'

interface Env {
  MCP_SESSION: DurableObjectNamespace
  MCP_HUB: DurableObjectNamespace
  /** Where spans go: an OTLP/HTTP endpoint, e.g. http://127.0.0.1:4318/v1/traces. */
  OTLP_TRACES_URL: string
}

const worker = createMcpWorker<Env>({
  server: (_env, { mrtrSecret }) => {
    const server = new McpServer({ name: 'traced-worker', version: '1.0.0' }, { mrtrSecret })
    server.tool(
      'echo',
      { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
      (args) => ({ content: [{ type: 'text', text: String((args as { text?: unknown }).text) }] }),
    )
    // MCP spans, parented on the client's context in _meta, linked to the Durable Object's fetch span.
    useMiddleware(
      server,
      serverTracing({ attributes: { 'network.transport': 'tcp', 'network.protocol.name': 'http' } }),
    )
    return server
  },
})

// OpenTelemetry on Workers: otel-cf-workers' tracer, context and W3C propagator, and the spans of the
// Worker's fetch, of its Durable Object binding calls and of each Durable Object's fetch.
const config: ResolveConfigFn<Env> = (env) => ({
  exporter: { url: env.OTLP_TRACES_URL },
  service: { name: 'traced-worker' },
})

// Durable Object classes, as wrangler expects them: instrumentDO wraps each class (its declared type is looser
// than the class it returns, hence the casts).
export class McpSessionObject extends (instrumentDO(
  worker.McpSessionObject,
  config,
) as unknown as typeof worker.McpSessionObject) {}
export class McpHubObject extends (instrumentDO(
  worker.McpHubObject,
  config,
) as unknown as typeof worker.McpHubObject) {}
export default instrument({ fetch: worker.fetch }, config)
