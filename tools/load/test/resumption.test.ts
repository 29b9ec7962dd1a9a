import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { startEdgeServer } from '../src/lib/server.js'
import { runResumption } from '../src/resumption.js'

const small = {
  sessions: 6,
  callsPerSession: 4,
  steps: 8,
  intervalMs: 2,
  cutProbability: 0.25,
  maxCutsPerCall: 4,
  seed: 7,
}
const closers: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const c of closers) await c()
})

/**
 * A fake legacy server whose resumption is wrong on purpose: `replay` answers a Last-Event-ID with every
 * event again (duplicates), `skip` leaves out the event right after it (losses). The script must see both.
 */
async function brokenServer(mode: 'replay' | 'skip'): Promise<string> {
  const steps = small.steps
  const event = (i: number, id: number) =>
    i <= steps
      ? `id: ${i}\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":${i},"total":${steps}}}\n\n`
      : `id: ${i}\ndata: {"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"ticked ${steps}"}]}}\n\n`
  const stream = (from: number, id: number) =>
    new Response(
      `id: 0\ndata:\n\n${Array.from({ length: steps + 2 - from }, (_, k) => event(from + k, id)).join('')}`,
      {
        headers: { 'Content-Type': 'text/event-stream' },
      },
    )
  let lastCallId = 0
  const app = new Hono()
  app.post('/', async (c) => {
    const body = await c.req.json()
    if (body.method === 'initialize') {
      c.header('Mcp-Session-Id', 'fake')
      return c.json({
        jsonrpc: '2.0',
        id: body.id,
        result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } },
      })
    }
    if (!('id' in body)) return c.body(null, 202)
    lastCallId = body.id
    return stream(1, body.id)
  })
  app.get('/', (c) => {
    const last = Number(c.req.header('last-event-id'))
    return stream(mode === 'replay' ? 1 : last + 2, lastCallId)
  })
  app.delete('/', (c) => c.body(null, 200))
  const port = await new Promise<number>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
    closers.push(() => void s.close())
  })
  return `http://127.0.0.1:${port}/`
}

describe('resumption script (smoke)', () => {
  it('edgemcp: streams cut at random and resumed lose nothing and repeat nothing', async () => {
    const server = await startEdgeServer({ keepAliveMs: 0 })
    closers.push(() => server.close())
    const f = await runResumption({ url: server.url, ...small })
    expect(f.calls).toBe(24)
    expect(f.cuts).toBeGreaterThan(0)
    expect(f.resumes).toBe(f.cuts)
    expect(f.expected).toBe(24 * 9)
    expect({
      lost: f.lost,
      duplicated: f.duplicated,
      refused: f.refused,
      unanswered: f.unanswered,
      wrong: f.wrongAnswers,
    }).toEqual({
      lost: 0,
      duplicated: 0,
      refused: 0,
      unanswered: 0,
      wrong: 0,
    })
  })

  it('counts duplicates and losses of a server that resumes wrongly', async () => {
    const replay = await runResumption({
      url: await brokenServer('replay'),
      ...small,
      sessions: 1,
      callsPerSession: 6,
    })
    expect(replay.cuts).toBeGreaterThan(0)
    expect(replay.duplicated).toBeGreaterThan(0)
    const skip = await runResumption({
      url: await brokenServer('skip'),
      ...small,
      sessions: 1,
      callsPerSession: 6,
    })
    expect(skip.lost).toBeGreaterThan(0)
  })
})
