/**
 * Memory per idle stream: N legacy sessions each hold their standalone GET stream open on one Node server
 * process (server in a child process, measured after full GCs). Reports the memory the streams add, per
 * stream (heap + external; and RSS), apart from what the sessions themselves cost.
 *
 * Each stream is a socket on both sides: raise the descriptor limit first for large N
 * (`ulimit -n 20000`; 5,000 streams need ≈ 5,000 descriptors per process).
 *
 *   node dist/idle-streams.js [--streams 5000]
 */
import { LegacySession, pool } from './lib/client.js'
import { startChildServer } from './lib/child.js'
import type { MemoryFigures, ServerHandle } from './lib/server.js'
import { sseEvents } from './lib/sse.js'
import { cliNumber, isMain, kib, mib, printTable } from './lib/table.js'

export interface IdleStreamsFigures {
  streams: number
  opened: number
  /** Streams that answered with anything but 200 + a priming event. */
  failed: number
  perSessionBytes: number
  perStreamBytes: number
  perStreamRssBytes: number
  before: MemoryFigures
  withSessions: MemoryFigures
  withStreams: MemoryFigures
  afterClose: MemoryFigures
}

const total = (m: MemoryFigures) => m.heapUsed + m.external

export async function runIdleStreams(server: ServerHandle, streams: number): Promise<IdleStreamsFigures> {
  const warm = await new LegacySession(server.url).initialize()
  await warm.call('echo', { text: 'warm' })
  const warmStream = await warm.listen()
  await warmStream.body?.cancel()
  await warm.close()
  const before = await server.memory()
  const sessions = await pool(streams, 200, () => new LegacySession(server.url).initialize())
  const withSessions = await server.memory()
  const aborts: AbortController[] = []
  let failed = 0
  await pool(streams, 200, async (i) => {
    const abort = new AbortController()
    aborts.push(abort)
    const res = await (sessions[i] as LegacySession).listen(abort.signal)
    if (res.status !== 200 || !res.body) {
      failed++
      return
    }
    // Read the priming event, then leave the stream idle (the reader keeps the connection open).
    const first = await sseEvents(res.body).next()
    if (first.done) failed++
  })
  const withStreams = await server.memory()
  for (const a of aborts) a.abort()
  await pool(streams, 200, (i) => (sessions[i] as LegacySession).close())
  await new Promise((r) => setTimeout(r, 500))
  const afterClose = await server.memory()
  return {
    streams,
    opened: streams - failed,
    failed,
    perSessionBytes: (total(withSessions) - total(before)) / streams,
    perStreamBytes: (total(withStreams) - total(withSessions)) / streams,
    perStreamRssBytes: (withStreams.rss - withSessions.rss) / streams,
    before,
    withSessions,
    withStreams,
    afterClose,
  }
}

export function printIdleStreams(f: IdleStreamsFigures): void {
  printTable('Idle standalone SSE streams on one Node process', [
    ['streams open (idle)', `${f.opened} of ${f.streams}`],
    ['heap + external before', mib(total(f.before))],
    ['… with the sessions', mib(total(f.withSessions))],
    ['… with a stream per session', mib(total(f.withStreams))],
    ['… after closing all', mib(total(f.afterClose))],
    ['per session (heap + external)', kib(f.perSessionBytes)],
    ['per stream (heap + external)', kib(f.perStreamBytes)],
    ['per stream (RSS)', kib(f.perStreamRssBytes)],
  ])
}

if (isMain(import.meta.url)) {
  const streams = cliNumber('streams', 5000)
  const server = await startChildServer('edgemcp', {})
  const f = await runIdleStreams(server, streams)
  await server.close()
  printIdleStreams(f)
  // Floors: what node:http alone, and Hono on @hono/node-server (writing to node:http directly, or returning a
  // web stream), spend on an idle event-stream response.
  for (const [kind, title] of [
    ['raw-sse', 'Floor: plain node:http holding the same idle event streams'],
    ['hono-direct', 'Floor: Hono + @hono/node-server writing straight to node:http (already sent)'],
    ['hono-sse', 'Floor: Hono + @hono/node-server returning a web ReadableStream'],
  ] as const) {
    const floorServer = await startChildServer(kind)
    const floor = await runIdleStreams(floorServer, streams)
    await floorServer.close()
    printTable(title, [
      ['streams open (idle)', `${floor.opened} of ${floor.streams}`],
      ['per stream (heap + external)', kib(floor.perStreamBytes)],
      ['per stream (RSS)', kib(floor.perStreamRssBytes)],
    ])
  }
  process.exit(f.failed === 0 ? 0 : 1)
}
