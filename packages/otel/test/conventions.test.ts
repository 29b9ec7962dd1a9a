// Spans and metrics of a traced edgemcp client calling a traced edgemcp server over real HTTP, both eras,
// checked attribute by attribute against the MCP semantic conventions (in-memory exporters).
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MCP_DURATION_BUCKETS } from '../src/index.js'
import { histogram, memorySdk } from './support/memory.js'
import { serveForTest, tracedClient, tracedServer } from './support/fixture.js'

let sdk = memorySdk()
afterEach(async () => {
  await sdk.shutdown()
  sdk = memorySdk()
})

const named = (spans: ReadableSpan[], name: string, kind: SpanKind) => {
  const found = spans.filter((s) => s.name === name && s.kind === kind)
  expect(found, `${SpanKind[kind]} span "${name}" of ${spans.map((s) => s.name).join(', ')}`).toHaveLength(1)
  return found[0]!
}

async function run(protocol: 'modern' | 'legacy') {
  const url = `${await serveForTest(tracedServer(sdk))}/`
  const client = await tracedClient(url, protocol, sdk)
  const tracer = sdk.tracerProvider.getTracer('test')
  await tracer.startActiveSpan('agent turn', async (turn) => {
    await client.callTool({ name: 'echo', arguments: { text: 'hello' } })
    await client.callTool({ name: 'broken', arguments: {} })
    await client.getPrompt({ name: 'greet' })
    await client.readResource({ uri: 'memo://one' })
    await expect(client.request('nope/nope', {})).rejects.toThrow()
    turn.end()
  })
  return { url, turn: sdk.spans().find((s) => s.name === 'agent turn')! }
}

describe.each(['modern', 'legacy'] as const)('%s era', (era) => {
  it('client and server spans: names, kinds, parents and attributes', async () => {
    const { url, turn } = await run(era)
    const spans = sdk.spans()
    const port = Number(new URL(url).port)
    const version = era === 'modern' ? '2026-07-28' : '2025-11-25'

    const client = named(spans, 'tools/call echo', SpanKind.CLIENT)
    const server = named(spans, 'tools/call echo', SpanKind.SERVER)
    // One trace: the user's span → the client span → the server span (through _meta, not HTTP headers).
    expect(client.spanContext().traceId).toBe(turn.spanContext().traceId)
    expect(client.parentSpanContext?.spanId).toBe(turn.spanContext().spanId)
    expect(server.spanContext().traceId).toBe(turn.spanContext().traceId)
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId)
    expect(server.parentSpanContext?.isRemote).toBe(true)

    // Attribute by attribute, nothing more: arguments and results only when opted in, no error.type on
    // success, mcp.session.id only in a legacy session (2026-07-28 has none).
    const session = era === 'legacy' ? { 'mcp.session.id': expect.stringMatching(/^[\x21-\x7e]+$/) } : {}
    expect(client.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': version,
      'jsonrpc.request.id': expect.stringMatching(/^\d+$/),
      'server.address': '127.0.0.1',
      'server.port': port,
      'network.protocol.name': 'http',
      'network.transport': 'tcp',
      ...session,
    })
    expect(client.status.code).toBe(SpanStatusCode.UNSET)
    expect(server.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': version,
      'jsonrpc.request.id': client.attributes['jsonrpc.request.id'],
      ...session,
    })
    expect(server.status.code).toBe(SpanStatusCode.UNSET)
    if (era === 'legacy')
      expect(server.attributes['mcp.session.id']).toBe(client.attributes['mcp.session.id'])

    // isError → error.type tool_error, span status ERROR.
    for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
      const broken = named(spans, 'tools/call broken', kind)
      expect(broken.attributes['error.type']).toBe('tool_error')
      expect(broken.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'it broke' })
    }
    // A JSON-RPC error → error.type and rpc.response.status_code are its code; status message its message.
    for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
      const failed = named(spans, 'nope/nope', kind)
      expect(failed.attributes).toMatchObject({
        'error.type': '-32601',
        'rpc.response.status_code': '-32601',
      })
      expect(failed.status.code).toBe(SpanStatusCode.ERROR)
      expect(failed.status.message).toMatch(/nope\/nope/)
    }
    const prompt = named(spans, 'prompts/get greet', SpanKind.SERVER)
    expect(prompt.attributes['gen_ai.prompt.name']).toBe('greet')
    expect(prompt.attributes['gen_ai.operation.name']).toBeUndefined()
    // The resource URI is an attribute, not the span name's target (high cardinality), unless opted in.
    const read = named(spans, 'resources/read', SpanKind.SERVER)
    expect(read.attributes['mcp.resource.uri']).toBe('memo://one')

    if (era === 'legacy') {
      const init = named(spans, 'initialize', SpanKind.SERVER)
      expect(init.attributes['mcp.protocol.version']).toBe(version)
      // The conventions' initialize example: the client span has the session the answer opened.
      const initClient = named(spans, 'initialize', SpanKind.CLIENT)
      expect(initClient.attributes).toMatchObject({ 'mcp.protocol.version': version, ...session })
      expect(init.parentSpanContext?.spanId).toBe(initClient.spanContext().spanId)
      const initialized = named(spans, 'notifications/initialized', SpanKind.SERVER)
      expect(initialized.attributes['jsonrpc.request.id']).toBeUndefined()
      expect(initialized.attributes['mcp.session.id']).toBe(server.attributes['mcp.session.id'])
    } else {
      named(spans, 'server/discover', SpanKind.CLIENT)
      named(spans, 'server/discover', SpanKind.SERVER)
    }
  })

  it('duration histograms with the conventions’ buckets and low-cardinality attributes', async () => {
    await run(era)
    const all = await sdk.metrics()
    for (const name of ['mcp.server.operation.duration', 'mcp.client.operation.duration']) {
      const metric = histogram(all, name)
      expect(metric, name).toBeDefined()
      expect(metric!.descriptor.unit).toBe('s')
      const points = metric!.dataPoints as {
        attributes: Record<string, unknown>
        value: { count: number; buckets: { boundaries: number[] } }
      }[]
      const echo = points.find((p) => p.attributes['gen_ai.tool.name'] === 'echo')
      expect(echo?.value.count).toBe(1)
      expect(echo?.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.operation.name': 'execute_tool',
      })
      expect(echo?.attributes['jsonrpc.request.id']).toBeUndefined()
      expect(echo?.attributes['mcp.session.id']).toBeUndefined()
      expect(echo?.attributes['mcp.resource.uri']).toBeUndefined()
      const broken = points.find((p) => p.attributes['gen_ai.tool.name'] === 'broken')
      expect(broken?.attributes['error.type']).toBe('tool_error')
      const failed = points.find((p) => p.attributes['mcp.method.name'] === 'nope/nope')
      expect(failed?.attributes).toMatchObject({
        'error.type': '-32601',
        'rpc.response.status_code': '-32601',
      })
      expect(echo?.value.buckets.boundaries).toEqual(MCP_DURATION_BUCKETS)
    }
  })
})

describe('session duration', () => {
  const points = async (name: string) =>
    (histogram(await sdk.metrics(), name)?.dataPoints ?? []) as {
      attributes: Record<string, unknown>
      value: { count: number; sum: number; buckets: { boundaries: number[] } }
    }[]

  it('a legacy session: from initialize to its end, on the client and on the server', async () => {
    const url = `${await serveForTest(tracedServer(sdk))}/`
    const client = await tracedClient(url, 'legacy', sdk)
    await client.callTool({ name: 'echo', arguments: { text: 'x' } })
    expect(await points('mcp.client.session.duration')).toEqual([])
    expect(await points('mcp.server.session.duration')).toEqual([])
    await client.transport.terminateSession() // DELETE: the server's session ends
    await client.close()
    await vi.waitFor(async () => expect(await points('mcp.server.session.duration')).toHaveLength(1), {
      timeout: 10_000,
    })

    const port = Number(new URL(url).port)
    const all = await sdk.metrics()
    for (const [name, attributes] of [
      [
        'mcp.client.session.duration',
        {
          'mcp.protocol.version': '2025-11-25',
          'server.address': '127.0.0.1',
          'server.port': port,
          'network.protocol.name': 'http',
          'network.transport': 'tcp',
        },
      ],
      ['mcp.server.session.duration', { 'mcp.protocol.version': '2025-11-25' }],
    ] as const) {
      const metric = histogram(all, name)!
      expect(metric.descriptor).toMatchObject({ unit: 's', type: 'HISTOGRAM' })
      const [point, ...more] = (await points(name)) as Awaited<ReturnType<typeof points>>
      expect(more).toEqual([])
      expect(point!.attributes).toEqual(attributes)
      expect(point!.value.count).toBe(1)
      expect(point!.value.buckets.boundaries).toEqual(MCP_DURATION_BUCKETS)
      // A session outlives the operations in it.
      const operations = await points(name.replace('session', 'operation'))
      const longest = Math.max(...operations.map((p) => (p.value as { max?: number }).max ?? 0))
      expect(point!.value.sum).toBeGreaterThanOrEqual(longest)
    }
  })

  it('the 2026-07-28 era has no session: no session durations', async () => {
    const url = `${await serveForTest(tracedServer(sdk))}/`
    const client = await tracedClient(url, 'modern', sdk)
    await client.callTool({ name: 'echo', arguments: { text: 'x' } })
    await client.close()
    expect(await points('mcp.client.operation.duration')).not.toEqual([])
    expect(await points('mcp.client.session.duration')).toEqual([])
    expect(await points('mcp.server.session.duration')).toEqual([])
  })
})

describe('options', () => {
  it('records tool arguments and results only when captureToolPayloads is on', async () => {
    const url = `${await serveForTest(tracedServer({ ...sdk, captureToolPayloads: true }))}/`
    const client = await tracedClient(url, 'modern', { ...sdk, captureToolPayloads: true })
    await client.callTool({ name: 'echo', arguments: { text: 'secret' } })
    for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
      const span = named(sdk.spans(), 'tools/call echo', kind)
      expect(JSON.parse(String(span.attributes['gen_ai.tool.call.arguments']))).toEqual({ text: 'secret' })
      expect(JSON.parse(String(span.attributes['gen_ai.tool.call.result'])).content[0].text).toBe('secret')
    }
  })

  it('links the server span to the ambient HTTP span and parents it on _meta', async () => {
    const tracer = sdk.tracerProvider.getTracer('http')
    const url = `${await serveForTest(tracedServer(sdk), (app) => ({
      fetch: (request) =>
        tracer.startActiveSpan('POST', { kind: SpanKind.SERVER }, (span) =>
          app.fetch(request).finally(() => span.end()),
        ),
    }))}/`
    const client = await tracedClient(url, 'modern', sdk)
    await client.callTool({ name: 'echo', arguments: { text: 'x' } })
    const spans = sdk.spans()
    const server = named(spans, 'tools/call echo', SpanKind.SERVER)
    const clientSpan = named(spans, 'tools/call echo', SpanKind.CLIENT)
    expect(server.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId)
    const https = spans.filter((s) => s.name === 'POST')
    expect(
      server.links
        .map((l) => l.context.spanId)
        .some((id) => https.some((h) => h.spanContext().spanId === id)),
    ).toBe(true)
  })

  it('a handler runs with the server span active (its own spans are children)', async () => {
    const server = tracedServer(sdk)
    server.tool('inner', {}, () => {
      sdk.tracerProvider.getTracer('handler').startSpan('db query').end()
      return { content: [], active: trace.getActiveSpan() !== undefined } as never
    })
    const url = `${await serveForTest(server)}/`
    const client = await tracedClient(url, 'modern', sdk)
    await client.callTool({ name: 'inner', arguments: {} })
    const spans = sdk.spans()
    const parent = named(spans, 'tools/call inner', SpanKind.SERVER)
    const child = spans.find((s) => s.name === 'db query')!
    expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId)
  })
})
