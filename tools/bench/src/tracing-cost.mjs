// What middleware and tracing cost a tools/call, in process (no HTTP, no socket): CPU time per
// McpServer.handle() of a 2026-07-28 tools/call, blocks of each setup alternating, medians compared.
//   none        no middleware (the path every server without middleware takes)
//   noop        one middleware that only calls next() (the price of the seam itself)
//   api-only    serverTracing() with @opentelemetry/api and no SDK registered (spans are non-recording)
//   sdk         serverTracing() on the OpenTelemetry SDK: AsyncLocalStorage context, W3C propagators, every span
//               sampled and handed to a span processor, the duration histogram recorded; the request carries a
//               traceparent in _meta, so extraction runs too. The exporter drops the spans (no I/O measured).
// Phase 1 compares none / noop / api-only with no context manager installed; phase 2 installs the SDK's and
// compares none / sdk. Usage: node src/tracing-cost.mjs [blocks] [requests per block]
import { loadavg } from 'node:os'
import { McpServer } from '@edgemcp/core'
import { useMiddleware } from '@edgemcp/core/middleware'
import { serverTracing } from '@edgemcp/otel'
import { context } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core'
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'

const [blocksArg = '10', perBlockArg = '5000'] = process.argv.slice(2)
const blocks = Number(blocksArg)
const perBlock = Number(perBlockArg)

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'tracing-cost', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
}
const schema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }
/** @param {number} id */
const request = (id) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' }, _meta: meta },
})

/** @param {((server: McpServer) => void) | undefined} setup */
function serverWith(setup) {
  const server = new McpServer({ name: 'tracing-cost', version: '1' })
  server.tool('echo', { inputSchema: schema }, (/** @type {any} */ a) => ({
    content: [{ type: 'text', text: String(a.text) }],
  }))
  setup?.(server)
  return server
}

/** CPU µs per request over one block; the first answer is checked so a broken setup cannot look fast. */
async function block(/** @type {McpServer} */ server, /** @type {number} */ n) {
  const first = await server.handle(request(0), { era: 'modern' })
  if (first?.status !== 200 || /** @type {any} */ (first.body)?.result?.content?.[0]?.text !== 'hi')
    throw new Error(`bad answer: ${JSON.stringify(first)}`)
  const t = process.cpuUsage()
  for (let i = 1; i <= n; i++) await server.handle(request(i), { era: 'modern' })
  const d = process.cpuUsage(t)
  return (d.user + d.system) / n
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1] ?? Number.NaN

/** Alternates blocks of each setup; the median CPU µs per request of each. */
async function compare(/** @type {Record<string, McpServer>} */ servers) {
  const names = Object.keys(servers)
  /** @type {Record<string, number[]>} */
  const runs = Object.fromEntries(names.map((n) => [n, []]))
  for (const n of names) await block(/** @type {McpServer} */ (servers[n]), perBlock) // warm-up
  for (let r = 0; r < blocks; r++) {
    const order = r % 2 ? names : [...names].reverse()
    for (const n of order) runs[n]?.push(await block(/** @type {McpServer} */ (servers[n]), perBlock))
  }
  return Object.fromEntries(names.map((n) => [n, median(runs[n] ?? [])]))
}

class HeldReader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}
let spansEnded = 0
const dropping = {
  export: (/** @type {unknown[]} */ spans, /** @type {(r: { code: number }) => void} */ done) => {
    spansEnded += spans.length
    done({ code: 0 })
  },
  shutdown: async () => {},
}

/** @param {Record<string, number>} medians */
function report(/** @type {string} */ title, medians) {
  const base = medians.none ?? Number.NaN
  console.log(title)
  for (const [name, us] of Object.entries(medians)) {
    const extra = name === 'none' ? '' : `  (+${(us - base).toFixed(2)} µs, ×${(us / base).toFixed(2)})`
    console.log(`  ${name.padEnd(9)} ${us.toFixed(2)} µs CPU/request${extra}`)
  }
}

console.log(
  `tools/call through McpServer.handle(), ${blocks} blocks × ${perBlock} requests, 1-minute load ${loadavg()[0]?.toFixed(1)}`,
)
report(
  'phase 1 (no context manager):',
  await compare({
    none: serverWith(undefined),
    noop: serverWith((s) => useMiddleware(s, (_call, next) => next())),
    'api-only': serverWith((s) => useMiddleware(s, serverTracing())),
  }),
)

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropping)] })
const meterProvider = new MeterProvider({ readers: [new HeldReader()] })
const propagator = new CompositePropagator({
  propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
})
report(
  'phase 2 (the SDK: AsyncLocalStorage context manager, W3C propagators, every span sampled):',
  await compare({
    none: serverWith(undefined),
    sdk: serverWith((s) => useMiddleware(s, serverTracing({ tracerProvider, meterProvider, propagator }))),
  }),
)
if (spansEnded === 0) throw new Error('the sdk setup ended no spans')
