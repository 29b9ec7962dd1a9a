import { describe, expect, it } from 'vitest'
import { guardCount } from '../src/guards.js'
import { fuzzRaw, fuzzTarget } from '../src/run.js'
import { LOOPBACK } from '../src/targets/all.js'
import { loopbackTarget } from '../src/targets/loopback.js'
import { SseSession } from '../src/targets/sse-client.js'
import { JSON_HEADERS, type Send } from '../src/targets/target.js'

const SEED = 20_260_728

describe('hostile requests over loopback HTTP (serve from @edgemcp/streamable-http/node), fixed seed', () => {
  for (const t of LOOPBACK) {
    it(`${t.name}: fetch cases and raw-socket cases`, async () => {
      const target = await t.make()
      try {
        const r = await fuzzTarget(target, { seed: SEED, numRuns: 150 })
        expect(r.report).toBeUndefined()
        const raw = await fuzzRaw(target, { seed: SEED, numRuns: 50 })
        expect(raw.report).toBeUndefined()
        expect(r.runs + raw.runs).toBe(200)
        expect(guardCount()).toBe(0)
      } finally {
        await target.close()
      }
    })
  }

  it('a body of 4 MiB + 1 byte gets 413 with a JSON-RPC error, and the server still answers', async () => {
    const target = await loopbackTarget('streamable')
    try {
      const body = new Uint8Array(4 * 1024 * 1024 + 1).fill(0x20)
      body.set(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"ping"}'))
      const res = await fetch(`${target.url}/`, { method: 'POST', headers: JSON_HEADERS, body })
      expect(res.status).toBe(413)
      expect((await res.json()).error.code).toBeTypeOf('number')
      expect(await target.probe()).toEqual([])
    } finally {
      await target.close()
    }
  })

  // Was known bug sse-invalid-utf8-reset: @edgemcp/sse now reads a refused body to its end before answering.
  it('HTTP+SSE: a 700 KB body with invalid UTF-8 at its start gets 400, never a reset connection', async () => {
    const target = await loopbackTarget('auto')
    const send: Send = (path, init) => fetch(`${target.url}${path}`, init)
    const session = await SseSession.open(send, '/', '2025-03-26')
    try {
      const body = new Uint8Array(700_000).fill(0x5b)
      body[0] = 0xff
      const outcomes: Array<number | string> = []
      for (let i = 0; i < 20; i++) {
        try {
          const res = await send(session.endpoint, { method: 'POST', headers: JSON_HEADERS, body })
          await res.body?.cancel()
          outcomes.push(res.status)
        } catch (e) {
          outcomes.push(String(e))
        }
      }
      expect(outcomes.filter((o) => o !== 400)).toEqual([])
    } finally {
      session.close()
      await target.close()
    }
  })
})
