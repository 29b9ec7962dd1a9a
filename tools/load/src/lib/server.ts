import { McpServer } from '@edgemcp/core'
import { createMcpHandler, InMemorySessionStore, type McpHandlerOptions } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The server the load scripts drive: `echo` (the benchmark's tool, answered as JSON), `ticker` (sends
 * `steps` progress notifications `intervalMs` apart, so its answer is an SSE stream), `slow-echo` (awaits
 * `ms`, then echoes: requests overlap).
 */
export function makeLoadServer(): McpServer {
  const server = new McpServer({ name: 'edgemcp-load', version: '0.0.0' })
  server.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    ({ text: t }) => text(String(t)),
  )
  server.tool(
    'ticker',
    {
      inputSchema: {
        type: 'object',
        properties: { steps: { type: 'integer' }, intervalMs: { type: 'integer' } },
      },
    },
    async (args, ctx) => {
      const steps = Number(args.steps ?? 5)
      const interval = Number(args.intervalMs ?? 2)
      for (let i = 1; i <= steps; i++) {
        await delay(interval)
        await ctx.progress(i, steps)
      }
      return text(`ticked ${steps}`)
    },
  )
  server.tool(
    'slow-echo',
    {
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' }, ms: { type: 'integer' } },
        required: ['text'],
      },
    },
    async (args) => {
      await delay(Number(args.ms ?? 10))
      return text(String(args.text))
    },
  )
  return server
}

export interface EdgeServerOptions {
  /** Idle TTL of legacy sessions (InMemorySessionStore). Default 30 min. */
  idleTtlMs?: number
  maxSessions?: number
  jsonResponse?: boolean
  keepAliveMs?: number
  /**
   * Give the session store a clock that `advanceClock()` can move ahead of the real one, so that sessions
   * expire when the script says so (with a long TTL, never because the machine was slow). The engine stamps
   * a session's activity with the real clock, so this one runs from it too. Default: the real clock.
   */
  manualClock?: boolean
}

/** What a script needs of a running server, wherever it runs (this process or a child). */
export interface ServerHandle {
  url: string
  /** Heap after a full GC (bytes) and RSS; NaN figures when GC is not exposed. */
  memory(): Promise<MemoryFigures>
  /** Legacy sessions in the store (forcing the lazy expiry sweep first). */
  sessions(): Promise<number>
  close(): Promise<void>
  /** Moves the session store's clock on (servers started with `manualClock` only). */
  advanceClock?(ms: number): void
}

export interface MemoryFigures {
  heapUsed: number
  rss: number
  external: number
}

/** Collects garbage (when `--expose-gc`) and reads memory. */
export async function measure(): Promise<MemoryFigures> {
  const gc = (globalThis as { gc?: () => void }).gc
  for (let i = 0; i < 3 && gc; i++) {
    gc()
    await new Promise((r) => setImmediate(r))
  }
  const m = process.memoryUsage()
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external + m.arrayBuffers }
}

/** createMcpHandler on `serve()` (node:http via @hono/node-server), in this process. */
export async function startEdgeServer(o: EdgeServerOptions = {}): Promise<ServerHandle> {
  const server = makeLoadServer()
  let offset = 0
  const store = new InMemorySessionStore({
    ...(o.idleTtlMs !== undefined ? { idleTtlMs: o.idleTtlMs } : {}),
    ...(o.maxSessions !== undefined ? { maxSessions: o.maxSessions } : {}),
    ...(o.manualClock ? { now: () => Date.now() + offset } : {}),
  })
  const options: McpHandlerOptions = { sessionStore: store }
  if (o.jsonResponse !== undefined) options.jsonResponse = o.jsonResponse
  if (o.keepAliveMs !== undefined) options.keepAliveMs = o.keepAliveMs
  const mcp = createMcpHandler(server, options)
  const running = await serve(mcp)
  return {
    url: `${running.url}/`,
    memory: measure,
    ...(o.manualClock
      ? {
          advanceClock: (ms: number) => {
            offset += ms
          },
        }
      : {}),
    async sessions() {
      await store.get('') // the store sweeps expired sessions lazily, on its next call
      return store.size
    },
    async close() {
      store.clear()
      server.close()
      await running.close()
    },
  }
}

/** apps/conformance-server's server as its `server.js` serves it: both eras at `/mcp` on `serve()`. */
export async function startConformance(): Promise<ServerHandle> {
  const { createConformanceServer } = await import('@edgemcp/conformance-server/create-server')
  const { Hono } = await import('hono')
  const server = createConformanceServer()
  const app = new Hono().route('/mcp', createMcpHandler(server, { retryMs: 200 }))
  const running = await serve(app)
  return {
    url: `${running.url}/mcp`,
    memory: measure,
    sessions: async () => NaN,
    async close() {
      server.close()
      await running.close()
    },
  }
}
