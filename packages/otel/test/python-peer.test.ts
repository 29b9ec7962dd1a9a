// A trace that crosses implementations (issue #29's first acceptance line): the official Python SDK (mcp 2.3.0)
// on the other side, trace context in params._meta (SEP-414), our spans read back from an OTLP/HTTP receiver
// process. The Python OpenTelemetry SDK does not install here; the fixture gives the Python SDK's own
// instrumentation a recording tracer provider of a few lines, so that its spans have ids of their own.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { context, propagation } from '@opentelemetry/api'
import { pythonWithMcp } from '@edgemcp/test-helpers/python'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { serveForTest, tracedClient, tracedServer } from './support/fixture.js'
import { OTLP_KIND, otlpSdk, startReceiver } from './support/otlp.js'

const script = fileURLToPath(new URL('./fixtures/python_peer.py', import.meta.url))

/** A span as the fixture's recording tracer saw it start. */
interface PythonSpan {
  name: string
  kind: 'CLIENT' | 'SERVER' | 'INTERNAL'
  traceId: string
  spanId: string
  parentSpanId: string | null
  attributes: Record<string, unknown>
}

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')

let python: string
beforeAll(async () => {
  python = await pythonWithMcp()
}, 600_000)

/** The Python SDK's client calls `tool` at `url` once, `traceparent` being its ambient context. */
function pythonClient(url: string, mode: string, tool: string, env: Record<string, string>) {
  return new Promise<{ spans: PythonSpan[]; text: string }>((resolve, reject) => {
    execFile(
      python,
      [script, 'client', url, mode, tool],
      { timeout: 120_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python client failed: ${stderr || error.message}`))
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}'))
      },
    )
  })
}

/** The Python SDK's server on a free port until the test finishes: its URL, what its tool saw, its spans. */
async function pythonServer() {
  const child: ChildProcess = spawn(python, [script, 'server'], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString('utf8')
  })
  onTestFinished(() => {
    child.stdin?.end()
    child.kill()
  })
  const metas: Record<string, unknown>[] = []
  const spans: PythonSpan[] = []
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Python server exited (${code}): ${stderr}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const [kind, ...rest] = line.split(' ')
      const body = rest.join(' ')
      if (kind === 'url') resolve(body)
      else if (kind === 'meta') metas.push(JSON.parse(body))
      else if (kind === 'span') spans.push(JSON.parse(body))
    })
  })
  return { url, metas, spans }
}

describe('the official Python SDK client → an edgemcp server', () => {
  it.each([
    ['2026-07-28', 'auto'],
    ['2025-11-25', 'legacy'],
  ])(
    'our SERVER span at the OTLP receiver is the child of the Python client span (%s)',
    async (version, mode) => {
      const receiver = await startReceiver()
      const sdk = otlpSdk(receiver.url)
      const url = `${await serveForTest(tracedServer(sdk))}/`
      // The Python process's ambient context: a trace some upstream caller started.
      const traceId = hex(16)
      const upstream = hex(8)
      const { spans: pySpans, text } = await pythonClient(url, mode, 'echo', {
        TRACEPARENT: `00-${traceId}-${upstream}-01`,
        TRACESTATE: 'vendor=python',
      })
      expect(text).toBe('from python')
      await sdk.flush()

      const pyClient = pySpans.find(
        (s) => s.kind === 'CLIENT' && s.attributes['mcp.method.name'] === 'tools/call',
      )
      expect(pyClient, JSON.stringify(pySpans)).toMatchObject({ traceId, parentSpanId: upstream })
      const spans = await receiver.spans()
      const ours = spans.filter((s) => s.name === 'tools/call echo' && s.kind === OTLP_KIND.SERVER)
      expect(ours, spans.map((s) => `${s.name}/${s.kind}`).join(', ')).toHaveLength(1)
      const server = ours[0]!
      expect(server.traceId).toBe(traceId)
      expect(server.parentSpanId).toBe(pyClient!.spanId)
      expect(server.traceState).toBe('vendor=python')
      expect(server.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': version,
        'jsonrpc.request.id': pyClient!.attributes['jsonrpc.request.id'],
      })
      if (mode === 'legacy') expect(server.attributes['mcp.session.id']).toMatch(/./)
      else expect(server.attributes['mcp.session.id']).toBeUndefined()
      // Every request of the Python client (the probe or the handshake, tools/list) continues the same trace. Its
      // notifications (notifications/initialized) carry no context: the Python SDK injects into requests only.
      const requests = spans.filter((s) => s.kind === OTLP_KIND.SERVER && s.attributes['jsonrpc.request.id'])
      expect(requests.map((s) => s.name)).toEqual(
        expect.arrayContaining([mode === 'legacy' ? 'initialize' : 'server/discover', 'tools/call echo']),
      )
      for (const span of requests) expect([span.name, span.traceId]).toEqual([span.name, traceId])
    },
  )
})

describe('an edgemcp client, tracing on → the official Python SDK server', () => {
  it.each([
    ['modern', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as const)(
    'the Python tool sees our CLIENT span in its request’s _meta (%s)',
    async (protocol, version) => {
      const receiver = await startReceiver()
      const sdk = otlpSdk(receiver.url)
      const peer = await pythonServer()
      const client = await tracedClient(peer.url, protocol, sdk)
      const tracer = sdk.tracerProvider.getTracer('test')
      const withBaggage = propagation.setBaggage(
        context.active(),
        propagation.createBaggage({ 'user.id': { value: 'ada' } }),
      )
      const result = await context.with(withBaggage, () =>
        tracer.startActiveSpan('agent turn', async (turn) => {
          try {
            return await client.callTool({ name: 'show_meta', arguments: {} })
          } finally {
            turn.end()
          }
        }),
      )
      expect(result.isError).not.toBe(true)
      await sdk.flush()

      const spans = await receiver.spans()
      const turn = spans.find((s) => s.name === 'agent turn')!
      const ours = spans.find((s) => s.name === 'tools/call show_meta' && s.kind === OTLP_KIND.CLIENT)
      expect(ours, spans.map((s) => `${s.name}/${s.kind}`).join(', ')).toBeDefined()
      expect(ours!.traceId).toBe(turn.traceId)
      expect(ours!.parentSpanId).toBe(turn.spanId)
      expect(ours!.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'show_meta',
        'mcp.protocol.version': version,
        'server.address': '127.0.0.1',
        'server.port': Number(new URL(peer.url).port),
      })
      // What the Python tool read from its own request.
      expect(peer.metas).toHaveLength(1)
      expect(peer.metas[0]).toMatchObject({
        traceparent: `00-${ours!.traceId}-${ours!.spanId}-01`,
        baggage: 'user.id=ada',
      })
      // And the Python SDK's own SERVER span continues our trace from there.
      const pyServer = peer.spans.find((s) => s.kind === 'SERVER' && s.name === 'tools/call show_meta')
      expect(pyServer, JSON.stringify(peer.spans)).toMatchObject({
        traceId: ours!.traceId,
        parentSpanId: ours!.spanId,
      })
    },
  )
})
