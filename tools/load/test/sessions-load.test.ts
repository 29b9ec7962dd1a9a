import { afterAll, describe, expect, it } from 'vitest'
import { runIdleStreams } from '../src/idle-streams.js'
import { startEdgeServer } from '../src/lib/server.js'
import { runMemoryPerRequest } from '../src/memory-per-request.js'
import { runSessionsLoad } from '../src/sessions-load.js'

const closers: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const c of closers) await c()
})

describe('load scripts (smoke: small counts, correctness only)', () => {
  it('concurrent legacy sessions: every call answered right, every session expired after the idle TTL', async () => {
    // A TTL no run comes near, and a clock the script moves past it: a loaded machine cannot expire a session
    // early, and every session expires when the script says so.
    const server = await startEdgeServer({ idleTtlMs: 600_000, keepAliveMs: 0, manualClock: true })
    closers.push(() => server.close())
    const f = await runSessionsLoad({ server, sessions: 25, totalCalls: 500, idleTtlMs: 600_000 })
    expect(f.firstError).toBeUndefined()
    expect(f).toMatchObject({ calls: 500, errors: 0, sessionsWhileLoaded: 25, sessionsAfterExpiry: 0 })
  })

  it('idle streams: every session holds its standalone stream open', async () => {
    const server = await startEdgeServer({ keepAliveMs: 0 })
    closers.push(() => server.close())
    const f = await runIdleStreams(server, 40)
    expect(f).toMatchObject({ streams: 40, opened: 40, failed: 0 })
    expect(f.withStreams.heapUsed).toBeGreaterThan(0)
  })

  it('memory per request: one session, every JSON answer right, a heap figure per checkpoint', async () => {
    const server = await startEdgeServer({ jsonResponse: true, keepAliveMs: 0 })
    closers.push(() => server.close())
    const f = await runMemoryPerRequest(server, 1000, 8, 4)
    expect(f.firstError).toBeUndefined()
    expect(f.errors).toBe(0)
    expect(f.heap).toHaveLength(5)
  })

  it('memory per request also drives the official SDK contender of tools/bench', async () => {
    const contender = new URL('../../bench/src/servers/sdk-stateful.mjs', import.meta.url).href
    const { start } = (await import(contender)) as {
      start: (o: object) => Promise<{ port: number; close: () => Promise<void> }>
    }
    const running = await start({ mode: 'session', toolset: 'echo' })
    closers.push(() => running.close())
    const sdk = {
      url: `http://127.0.0.1:${running.port}/`,
      memory: async () => ({ heapUsed: 1, rss: 1, external: 0 }),
      sessions: async () => Number.NaN,
      close: running.close,
    }
    const f = await runMemoryPerRequest(sdk, 200, 8, 2)
    expect(f.firstError).toBeUndefined()
    expect(f.errors).toBe(0)
  })
})
