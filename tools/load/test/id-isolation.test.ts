import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { runIdIsolation } from '../src/id-isolation.js'
import { startEdgeServer } from '../src/lib/server.js'

const closers: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const c of closers) await c()
})

describe('id isolation script (smoke)', () => {
  it('20 clients with the same ids at once each get their own answers (stateless and legacy)', async () => {
    const server = await startEdgeServer({ keepAliveMs: 0 })
    closers.push(() => server.close())
    for (const era of ['modern', 'legacy'] as const) {
      const f = await runIdIsolation(server.url, era, 20, 3)
      expect(f).toMatchObject({ requests: 60, correct: 60, crossed: 0, hung: 0, errors: 0 })
    }
  })

  it('sees crossed and hanging answers of a server that keys pending requests by id alone', async () => {
    // The pattern the issue measured: one map of pending requests keyed by JSON-RPC id, shared by all clients.
    const pending = new Map<number, (v: unknown) => void>()
    const app = new Hono().post('/', async (c) => {
      const body = await c.req.json()
      const answer = new Promise((resolve) => pending.set(body.id, resolve))
      setTimeout(
        () =>
          pending.get(body.id)?.({
            jsonrpc: '2.0',
            id: body.id,
            result: { content: [{ type: 'text', text: body.params.arguments.text }] },
          }),
        body.params.arguments.ms,
      )
      return c.json(await answer)
    })
    const port = await new Promise<number>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
      closers.push(() => void s.close())
    })
    const f = await runIdIsolation(`http://127.0.0.1:${port}/`, 'modern', 20, 1, 3, 1000)
    expect(f.crossed + f.hung).toBeGreaterThan(0)
  })
})
