// Issue #29's Workers acceptance line: under wrangler dev, a tools/call through createMcpWorker (the Worker, the
// Durable Object binding, the session's Durable Object) reaches an OTLP/HTTP receiver as one trace. The Worker
// (test/worker) traces itself with @microlabs/otel-cf-workers; the client is ours, tracing on, exporting to the
// same receiver, its fetch sending the context in a traceparent header as an HTTP client instrumentation does.
import { fileURLToPath } from 'node:url'
import { McpClient } from '@edgemcp/core'
import { useClientMiddleware } from '@edgemcp/core/middleware'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { context } from '@opentelemetry/api'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clientTracing } from '../src/index.js'
import { OTLP_KIND, otlpSdk, type ReceivedSpan, startReceiver } from './support/otlp.js'

let receiver: Awaited<ReturnType<typeof startReceiver>>
let dev: WranglerDev

beforeAll(async () => {
  receiver = await startReceiver({ untilTestEnds: false })
  dev = await startWranglerDev({
    cwd: fileURLToPath(new URL('./worker', import.meta.url)),
    vars: {
      MCP_MRTR_SECRET: 'otel-test-secret-otel-test-secret',
      OTLP_TRACES_URL: `${receiver.url}/v1/traces`,
    },
    timeoutMs: 180_000,
    path: '/mcp',
    // Ready when the Worker answers at all (an MCP endpoint refuses a bare GET).
    probe: async (url, signal) => {
      const r = await fetch(url, { signal })
      return new Response(null, { status: r.status < 500 ? 200 : r.status })
    },
  })
}, 240_000)

afterAll(async () => {
  await dev?.stop()
  receiver?.stop()
})

describe('createMcpWorker under wrangler dev', () => {
  it('a traced tools/call, the Durable Object hop included, reaches the receiver as one trace', async () => {
    const sdk = otlpSdk(receiver.url)
    // What an HTTP client instrumentation does: the active context in the request's headers.
    const tracedFetch: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers)
      sdk.propagator.inject(context.active(), headers, { set: (h, k, v) => h.set(k, v) })
      return fetch(input, { ...init, headers })
    }
    const client = new McpClient({ name: 'traced-client', version: '1.0.0' }, { protocol: 'legacy' })
    useClientMiddleware(client, clientTracing({ ...sdk, serverUrl: dev.url }))
    await client.connect(new StreamableHttpClientTransport(dev.url, { fetch: tracedFetch }))
    const result = await client.callTool({ name: 'echo', arguments: { text: 'through the DO' } })
    expect(result.content).toEqual([{ type: 'text', text: 'through the DO' }])
    await client.close()
    await sdk.flush()

    const ours = (await receiver.spans()).find(
      (s) => s.name === 'tools/call echo' && s.kind === OTLP_KIND.CLIENT,
    )
    expect(ours).toBeDefined()
    let trace: ReceivedSpan[] = []
    // The Worker exports after its response (waitUntil): wait for the spans to arrive.
    await vi.waitFor(
      async () => {
        trace = (await receiver.spans()).filter((s) => s.traceId === ours!.traceId)
        // The Worker and the Durable Object export their spans each on its own, after the response.
        expect(trace.map((s) => `${s.name}/${s.kind}`)).toEqual(
          expect.arrayContaining([
            'tools/call echo/2',
            'Durable Object MCP_SESSION/3',
            'fetchHandler POST/2',
          ]),
        )
      },
      { timeout: 30_000, interval: 250 },
    )
    const byId = new Map(trace.map((s) => [s.spanId, s]))
    const server = trace.find((s) => s.name === 'tools/call echo' && s.kind === OTLP_KIND.SERVER)!
    // The MCP server span: the client span its parent (through _meta), in the Durable Object.
    expect(server.parentSpanId).toBe(ours!.spanId)
    expect(server.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': expect.stringMatching(/^[0-9a-f]{16,}$/),
      'jsonrpc.request.id': ours!.attributes['jsonrpc.request.id'],
      'network.transport': 'tcp',
    })
    // The HTTP side of the same trace, by otel-cf-workers: the Worker's fetch span (the child of our client
    // span, through the traceparent header), its Durable Object binding call, and the Durable Object's fetch,
    // to which the MCP server span is linked (the conventions: the transport's span is a link).
    expect(server.links).toHaveLength(1)
    const doFetch = byId.get(server.links[0]!.spanId)
    expect(server.links[0]!.traceId).toBe(ours!.traceId)
    expect(doFetch?.name).toMatch(/^Durable Object Fetch /)
    expect(doFetch?.kind).toBe(OTLP_KIND.SERVER)
    const binding = byId.get(doFetch!.parentSpanId!)
    expect(binding).toMatchObject({ name: 'Durable Object MCP_SESSION', kind: OTLP_KIND.CLIENT })
    expect(binding?.attributes['do.id.name']).toBe(server.attributes['mcp.session.id'])
    const workerFetch = byId.get(binding!.parentSpanId!)
    expect(workerFetch).toMatchObject({ name: 'fetchHandler POST', kind: OTLP_KIND.SERVER })
    expect(workerFetch?.parentSpanId).toBe(ours!.spanId)
    // Every span of the exchange is in the one trace: none of the request's spans started a trace of its own.
    expect(new Set([ours, server, doFetch, binding, workerFetch].map((s) => s?.traceId))).toEqual(
      new Set([ours!.traceId]),
    )
  })
})
