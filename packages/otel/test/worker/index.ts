// A Worker as the tracing guide shows it: createMcpWorker whose server has serverTracing(), and OpenTelemetry
// on Workers by @microlabs/otel-cf-workers (its tracer provider, context manager and W3C propagator, the
// spans of the Worker's fetch, of the Durable Object binding and of the Durable Object's fetch).
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
    useMiddleware(
      server,
      serverTracing({ attributes: { 'network.transport': 'tcp', 'network.protocol.name': 'http' } }),
    )
    return server
  },
})

const config: ResolveConfigFn<Env> = (env) => ({
  exporter: { url: env.OTLP_TRACES_URL },
  service: { name: 'edgemcp-otel-test' },
})

export const McpSessionObject = instrumentDO(worker.McpSessionObject as never, config)
export const McpHubObject = instrumentDO(worker.McpHubObject as never, config)
export default instrument({ fetch: worker.fetch } as ExportedHandler<Env>, config)
