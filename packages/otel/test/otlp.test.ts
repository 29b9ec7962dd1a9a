// The same conventions over OTLP/HTTP: a traced client and server export to a real receiver process.
import { describe, expect, it } from 'vitest'
import { MCP_DURATION_BUCKETS } from '../src/index.js'
import { serveForTest, tracedClient, tracedServer } from './support/fixture.js'
import { OTLP_KIND, otlpSdk, startReceiver } from './support/otlp.js'

describe('over OTLP/HTTP to a receiver process', () => {
  it('delivers client and server spans of one trace and the duration histograms', async () => {
    const receiver = await startReceiver()
    const sdk = otlpSdk(receiver.url)
    const url = `${await serveForTest(tracedServer(sdk))}/`
    const client = await tracedClient(url, 'legacy', sdk)
    await client.callTool({ name: 'echo', arguments: { text: 'over the wire' } })
    await client.callTool({ name: 'broken', arguments: {} })
    await sdk.flush()

    const spans = await receiver.spans()
    const clientSpan = spans.find((s) => s.name === 'tools/call echo' && s.kind === OTLP_KIND.CLIENT)
    const serverSpan = spans.find((s) => s.name === 'tools/call echo' && s.kind === OTLP_KIND.SERVER)
    expect(clientSpan, spans.map((s) => `${s.name}/${s.kind}`).join(', ')).toBeDefined()
    expect(serverSpan).toBeDefined()
    expect(serverSpan!.traceId).toBe(clientSpan!.traceId)
    expect(serverSpan!.parentSpanId).toBe(clientSpan!.spanId)
    expect(serverSpan!.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'jsonrpc.request.id': clientSpan!.attributes['jsonrpc.request.id'],
      'mcp.session.id': expect.stringMatching(/./),
    })
    expect(clientSpan!.attributes).toMatchObject({
      'server.address': '127.0.0.1',
      'network.transport': 'tcp',
    })
    const broken = spans.find((s) => s.name === 'tools/call broken' && s.kind === OTLP_KIND.SERVER)
    expect(broken?.attributes['error.type']).toBe('tool_error')
    expect(broken?.status.code).toBe(2) // STATUS_CODE_ERROR

    for (const name of ['mcp.server.operation.duration', 'mcp.client.operation.duration']) {
      const points = await receiver.histogramPoints(name)
      const echo = points.find((p) => p.attributes['gen_ai.tool.name'] === 'echo')
      expect(echo, name).toMatchObject({ unit: 's', count: 1, bounds: MCP_DURATION_BUCKETS })
      expect(echo?.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'mcp.protocol.version': '2025-11-25',
      })
    }
  })
})
