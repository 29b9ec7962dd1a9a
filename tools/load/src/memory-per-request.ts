/**
 * Memory per request: one legacy session serving many tools/call requests answered as JSON must keep a flat
 * heap. The same run against the official SDK 1.32.2 (tools/bench's stateful contender, JSON response mode)
 * shows the growth the hardening issue measured there. Each server runs in a child process; the heap is read
 * after full GCs at regular checkpoints.
 *
 *   node dist/memory-per-request.js [--requests 1000000] [--sdk-requests 20000] [--concurrency 16]
 */
import { type ChildKind, startChildServer } from './lib/child.js'
import { LegacySession, pool, resultText } from './lib/client.js'
import type { ServerHandle } from './lib/server.js'
import { cliNumber, isMain, mib, printTable } from './lib/table.js'

export interface MemoryPerRequestFigures {
  requests: number
  errors: number
  firstError: string | undefined
  /** Heap after GC at 0, 10 %, …, 100 % of the requests. */
  heap: number[]
  /** Heap growth per request from the first checkpoint to the last (after warm-up effects settle). */
  bytesPerRequest: number
  requestsPerSecond: number
}

export async function runMemoryPerRequest(
  server: ServerHandle,
  requests: number,
  concurrency = 16,
  checkpoints = 10,
): Promise<MemoryPerRequestFigures> {
  const session = await new LegacySession(server.url).initialize()
  let errors = 0
  let firstError: string | undefined
  // Warm-up, then the baseline.
  for (let i = 0; i < 200; i++) await session.call('echo', { text: 'warm' })
  const heap = [(await server.memory()).heapUsed]
  const step = Math.ceil(requests / checkpoints)
  const started = Date.now()
  for (let done = 0; done < requests; done += step) {
    const n = Math.min(step, requests - done)
    await pool(n, concurrency, async (i) => {
      const text = `r${done + i}`
      try {
        const messages = await session.call('echo', { text }, done + i + 1000)
        if (resultText(messages.at(-1)) !== text)
          throw new Error(`wrong answer: ${JSON.stringify(messages.at(-1))}`)
      } catch (e) {
        errors++
        firstError ??= (e as Error).message
      }
    })
    heap.push((await server.memory()).heapUsed)
  }
  const seconds = (Date.now() - started) / 1000
  await session.close().catch(() => {})
  const first = heap[1] as number
  const last = heap.at(-1) as number
  return {
    requests,
    errors,
    firstError,
    heap,
    bytesPerRequest: requests > step ? (last - first) / (requests - step) : Number.NaN,
    requestsPerSecond: Math.round(requests / seconds),
  }
}

export function printMemoryPerRequest(title: string, f: MemoryPerRequestFigures): void {
  const n = f.heap.length - 1
  printTable(title, [
    ['tools/call requests (one session)', f.requests],
    ['errors', f.errors],
    ['requests per second', f.requestsPerSecond],
    ...f.heap.map((h, i): [string, string] => [
      `heap after ${Math.round((f.requests * i) / n).toLocaleString('en-US')}`,
      mib(h),
    ]),
    ['growth per request (first checkpoint → last)', `${f.bytesPerRequest.toFixed(1)} bytes`],
  ])
  if (f.firstError) console.log(`  first error: ${f.firstError}`)
}

async function measureKind(kind: ChildKind, requests: number, concurrency: number, title: string) {
  const server = await startChildServer(kind, { jsonResponse: true, keepAliveMs: 0 })
  try {
    const f = await runMemoryPerRequest(server, requests, concurrency)
    printMemoryPerRequest(title, f)
    return f
  } finally {
    await server.close()
  }
}

if (isMain(import.meta.url)) {
  const concurrency = cliNumber('concurrency', 16)
  const edge = await measureKind(
    'edgemcp',
    cliNumber('requests', 1_000_000),
    concurrency,
    'Memory per request: edgemcp createMcpHandler, jsonResponse, one legacy session',
  )
  const sdkRequests = cliNumber('sdk-requests', 20_000)
  if (sdkRequests > 0)
    await measureKind(
      'sdk-stateful',
      sdkRequests,
      concurrency,
      'Memory per request: official SDK 1.32.2 StreamableHTTPServerTransport, enableJsonResponse, one session',
    )
  process.exit(edge.errors === 0 ? 0 : 1)
}
