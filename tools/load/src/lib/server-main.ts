/**
 * Child-process entry of `startChildServer`: starts one server and answers `memory`, `sessions` and `close`
 * over IPC. Kinds: `edgemcp` (createMcpHandler, options as JSON), `sdk-stateful` (the official SDK 1.32.2
 * contender of tools/bench, JSON response mode, one transport per session), the idle-stream floors
 * `raw-sse`, `hono-sse` and `hono-direct`, and `conformance` (apps/conformance-server's server at `/mcp`).
 */
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { ChildKind } from './child.js'
import { measure, type ServerHandle, startConformance, startEdgeServer } from './server.js'

interface Request {
  id: number
  cmd: 'memory' | 'sessions' | 'close'
}

async function startSdk(): Promise<ServerHandle> {
  // tools/bench's contender, reused as is (a path outside this package: resolved at run time).
  const path = new URL('../../../bench/src/servers/sdk-stateful.mjs', import.meta.url).href
  const { start } = (await import(path)) as {
    start: (o: { mode: string; toolset: string }) => Promise<{ port: number; close: () => Promise<void> }>
  }
  const running = await start({ mode: 'session', toolset: 'echo' })
  return {
    url: `http://127.0.0.1:${running.port}/`,
    memory: measure,
    sessions: async () => NaN,
    close: running.close,
  }
}

/**
 * The floor of an idle SSE stream on Node: plain node:http holding a `text/event-stream` response open per GET
 * (and answering POSTs like a session-less MCP server would, enough for the idle-streams script).
 */
async function startRawSse(): Promise<ServerHandle> {
  const { createServer } = await import('node:http')
  let n = 0
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
      res.write(`id: ${++n}\ndata:\n\n`)
      return
    }
    req.resume()
    req.on('end', () => {
      const id = String(++n)
      res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': id })
      res.end('{"jsonrpc":"2.0","id":0,"result":{"content":[{"type":"text","text":"warm"}]}}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${address.port}/`,
    memory: measure,
    sessions: async () => NaN,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

type FloorGet = (c: Context<{ Bindings: HttpBindings }>, n: number) => Response

/**
 * A floor server: Hono on @hono/node-server whose GET holds an idle event stream as `get` builds it, POST
 * opens a (pretend) session and DELETE ends it: the least any handler on this stack can cost per stream.
 */
async function startHonoFloor(get: FloorGet): Promise<ServerHandle> {
  const { Hono } = await import('hono')
  const { serve } = await import('@hono/node-server')
  let n = 0
  const app = new Hono<{ Bindings: HttpBindings }>()
  app.get('/', (c) => get(c, ++n))
  app.post('/', (c) => {
    c.header('Mcp-Session-Id', String(++n))
    return c.json({ jsonrpc: '2.0', id: 0, result: { content: [{ type: 'text', text: 'warm' }] } })
  })
  app.delete('/', (c) => c.body(null, 200))
  const port = await new Promise<number>((resolve) => {
    serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    memory: measure,
    sessions: async () => NaN,
    close: async () => {},
  }
}

const SSE_HEAD = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' }

/** A second floor: GET answered with a web ReadableStream (what the handler builds on elsewhere). */
const startHonoSse = () =>
  startHonoFloor((_c, n) => {
    const priming = new TextEncoder().encode(`id: ${n}\ndata:\n\n`)
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(priming) })
    return new Response(body, { headers: SSE_HEAD })
  })

/**
 * A third floor: the event stream written straight to node:http (`c.env.outgoing`), answering with
 * @hono/node-server's "already sent" response: what a handler that skips the web stream cannot go below.
 */
async function startHonoDirect(): Promise<ServerHandle> {
  const { RESPONSE_ALREADY_SENT } = await import('@hono/node-server/utils/response')
  return startHonoFloor((c, n) => {
    c.env.outgoing.writeHead(200, SSE_HEAD)
    c.env.outgoing.write(`id: ${n}\ndata:\n\n`)
    return RESPONSE_ALREADY_SENT
  })
}

const starters: Record<Exclude<ChildKind, 'edgemcp'>, () => Promise<ServerHandle>> = {
  conformance: startConformance,
  'sdk-stateful': startSdk,
  'raw-sse': startRawSse,
  'hono-sse': startHonoSse,
  'hono-direct': startHonoDirect,
}
const [kind = 'edgemcp', json = '{}'] = process.argv.slice(2)
const handle = await (Object.hasOwn(starters, kind)
  ? starters[kind as keyof typeof starters]()
  : startEdgeServer(JSON.parse(json)))
process.send?.({ url: handle.url })
process.on('message', async (m: Request) => {
  const value =
    m.cmd === 'memory'
      ? await handle.memory()
      : m.cmd === 'sessions'
        ? await handle.sessions()
        : await handle.close()
  process.send?.({ id: m.id, value: value ?? null })
  if (m.cmd === 'close') process.exit(0)
})
process.on('disconnect', () => process.exit(0))
