import { McpClient, McpServer } from '@edgemcp/core'
import { useClientMiddleware, useMiddleware } from '@edgemcp/core/middleware'
import { clientTracing, serverTracing } from '@edgemcp/otel'
import { createMcpHandler, StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base'

// OpenTelemetry on Node: spans and metrics to an OTLP/HTTP receiver (Jaeger, an OpenTelemetry Collector).
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://127.0.0.1:4318'
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
})
const meterProvider = new MeterProvider({
  readers: [
    new PeriodicExportingMetricReader({
      exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
    }),
  ],
})
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
propagation.setGlobalPropagator(new W3CTraceContextPropagator())
trace.setGlobalTracerProvider(tracerProvider)
metrics.setGlobalMeterProvider(meterProvider)

// The server: a SERVER span for every request and notification, parented on the context in params._meta.
const server = new McpServer({ name: 'traced', version: '1.0.0' })
server.tool(
  'add',
  {
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
)
useMiddleware(server, serverTracing())
const running = await serve(createMcpHandler(server))

// The client: a CLIENT span for every request, its context sent in params._meta (SEP-414).
const client = new McpClient({ name: 'traced-client', version: '1.0.0' })
useClientMiddleware(client, clientTracing({ serverUrl: running.url }))
await client.connect(new StreamableHttpClientTransport(running.url))
const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })
// One trace: the CLIENT span "tools/call add", and its SERVER child.

await client.close()
await running.close()
// Export what is left; with no receiver at the endpoint, say so rather than crash.
for (const done of await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]))
  if (done.status === 'rejected') console.error(`export to ${endpoint} failed: ${String(done.reason)}`)
console.log(result.content)
// [ { type: 'text', text: '5' } ]
