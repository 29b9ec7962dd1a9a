/**
 * Load: many concurrent legacy sessions making tool calls against the Node server, then idle until their
 * sessions expire (short idle TTL on the InMemorySessionStore). Every answer must be right (0 errors), and
 * the server's heap must come back near where it started once the sessions are gone.
 *
 *   node dist/sessions-load.js [--sessions 1000] [--calls 100000] [--ttl 3000]
 */
import { LegacySession, pool, resultText } from './lib/client.js'
import { startChildServer } from './lib/child.js'
import type { ServerHandle } from './lib/server.js'
import { cliNumber, isMain, mib, printTable } from './lib/table.js'

export interface SessionsLoadOptions {
  server: ServerHandle
  sessions: number
  totalCalls: number
  /** The server's idle TTL: the script waits this long (plus a margin) for sessions to expire. */
  idleTtlMs: number
}

export interface SessionsLoadFigures {
  sessions: number
  calls: number
  errors: number
  firstError: string | undefined
  callsPerSecond: number
  heapBaseline: number
  heapLoaded: number
  heapAfterExpiry: number
  rssLoaded: number
  sessionsWhileLoaded: number
  sessionsAfterExpiry: number
}

export async function runSessionsLoad(o: SessionsLoadOptions): Promise<SessionsLoadFigures> {
  // Warm-up (JIT, lazily built caches), so that the baseline is the server's steady state.
  const warm = await new LegacySession(o.server.url).initialize()
  for (let i = 0; i < 200; i++) await warm.call('echo', { text: 'warm' })
  await warm.close()
  const baseline = await o.server.memory()
  const perSession = Math.ceil(o.totalCalls / o.sessions)
  let errors = 0
  let calls = 0
  let firstError: string | undefined
  const fail = (why: string) => {
    errors++
    firstError ??= why
  }
  const sessions = await pool(o.sessions, o.sessions, async () => {
    try {
      return await new LegacySession(o.server.url).initialize()
    } catch (e) {
      fail(`initialize: ${(e as Error).message}`)
      return undefined
    }
  })
  const started = Date.now()
  await pool(o.sessions, o.sessions, async (s) => {
    const session = sessions[s]
    if (!session) return
    for (let c = 0; c < perSession && s * perSession + c < o.totalCalls; c++) {
      const text = `s${s}-c${c}`
      try {
        const messages = await session.call('echo', { text })
        calls++
        if (resultText(messages.at(-1)) !== text)
          fail(`wrong answer for ${text}: ${JSON.stringify(messages.at(-1))}`)
      } catch (e) {
        fail((e as Error).message)
      }
    }
  })
  const seconds = (Date.now() - started) / 1000
  const loaded = await o.server.memory()
  const sessionsWhileLoaded = await o.server.sessions()
  // No DELETE: the sessions are left to expire.
  if (o.server.advanceClock) o.server.advanceClock(o.idleTtlMs + 1)
  else await new Promise((r) => setTimeout(r, o.idleTtlMs + 500))
  const sessionsAfterExpiry = await o.server.sessions()
  const after = await o.server.memory()
  return {
    sessions: o.sessions,
    calls,
    errors,
    firstError,
    callsPerSecond: Math.round(calls / seconds),
    heapBaseline: baseline.heapUsed,
    heapLoaded: loaded.heapUsed,
    heapAfterExpiry: after.heapUsed,
    rssLoaded: loaded.rss,
    sessionsWhileLoaded,
    sessionsAfterExpiry,
  }
}

export function printSessionsLoad(f: SessionsLoadFigures): void {
  printTable('Load: concurrent legacy sessions on the Node server (JSON answers)', [
    ['sessions (concurrent)', f.sessions],
    ['tool calls', f.calls],
    ['errors', f.errors],
    ['calls per second', f.callsPerSecond],
    ['heap at start (warmed up)', mib(f.heapBaseline)],
    ['heap with all sessions live', mib(f.heapLoaded)],
    ['heap after the sessions expired', mib(f.heapAfterExpiry)],
    ['RSS with all sessions live', mib(f.rssLoaded)],
    ['sessions in store (live / expired)', `${f.sessionsWhileLoaded} / ${f.sessionsAfterExpiry}`],
  ])
  if (f.firstError) console.log(`  first error: ${f.firstError}`)
}

if (isMain(import.meta.url)) {
  const idleTtlMs = cliNumber('ttl', 3000)
  const server = await startChildServer('edgemcp', { idleTtlMs, keepAliveMs: 0 })
  const f = await runSessionsLoad({
    server,
    sessions: cliNumber('sessions', 1000),
    totalCalls: cliNumber('calls', 100_000),
    idleTtlMs,
  })
  await server.close()
  printSessionsLoad(f)
  process.exit(f.errors === 0 && f.sessionsAfterExpiry === 0 ? 0 : 1)
}
