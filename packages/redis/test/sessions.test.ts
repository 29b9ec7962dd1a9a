import { beforeAll, describe, expect, it } from 'vitest'
import { answerOf, type Json, sseReader } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

const bed = fleetTestbed()
let redis: Awaited<ReturnType<typeof bed.raw>>
beforeAll(async () => {
  redis = await bed.raw()
})

describe('legacy sessions shared by a fleet', () => {
  it('any instance serves any request of a session', async () => {
    const { client } = await bed.fleet(3)
    const { headers } = await client.initialize(0, 1)
    for (const i of [0, 1, 2, 1, 0, 2]) {
      const { res, id } = await client.call(i, headers, 'echo', { text: `on ${i}` })
      expect(res.status).toBe(200)
      expect(await answerOf(res)).toEqual({
        jsonrpc: '2.0',
        id,
        result: { content: [{ type: 'text', text: `on ${i}` }] },
      })
    }
  })

  it('DELETE on one instance ends the session everywhere (404 after), its key gone', async () => {
    const { client, prefix } = await bed.fleet(3)
    const { headers, sessionId } = await client.initialize(0)
    expect((await client.call(1, headers, 'echo', { text: 'x' })).res.status).toBe(200)
    expect(await redis.exists(`${prefix}s:${sessionId}`)).toBe(1)
    expect((await client.del(2, headers)).status).toBe(200)
    expect(await redis.exists(`${prefix}s:${sessionId}`)).toBe(0)
    for (const i of [0, 1, 2]) {
      const { res } = await client.call(i, headers, 'echo', { text: 'x' })
      expect(res.status).toBe(404)
    }
  })

  it('the key expires with the session TTL; an expired session is 404 everywhere', async () => {
    const ttl = 1500
    const { client, prefix } = await bed.fleet(2, { sessionTtlMs: ttl })
    const { headers, sessionId } = await client.initialize(0)
    await client.call(1, headers, 'echo', { text: 'x' })
    const pttl = await redis.pTTL(`${prefix}s:${sessionId}`)
    expect(pttl).toBeGreaterThan(0)
    expect(pttl).toBeLessThanOrEqual(ttl)
    // Left alone, it expires in Redis, and no instance serves it any more.
    await expect
      .poll(() => redis.exists(`${prefix}s:${sessionId}`), { timeout: 10_000, interval: 100 })
      .toBe(0)
    for (const i of [0, 1])
      expect((await client.call(i, headers, 'echo', { text: 'x' })).res.status).toBe(404)
  })

  it('a session changed on one instance is served changed by the others (logging/setLevel)', async () => {
    const { client } = await bed.fleet(3)
    const { headers } = await client.initialize(0)
    const set = await client.post(
      1,
      { jsonrpc: '2.0', id: client.id(), method: 'logging/setLevel', params: { level: 'error' } },
      headers,
    )
    expect(set.status).toBe(200)
    const { res } = await client.call(2, headers, 'log')
    const messages = res.headers.get('content-type')?.startsWith('text/event-stream')
      ? await sseReader(res).rest()
      : [(await res.json()) as Json]
    const logs = messages.filter((m) => m.method === 'notifications/message').map((m) => m.params.level)
    expect(logs).toEqual(['error'])
  })

  it('a wrong version header or an unknown session id: refused as on one instance', async () => {
    const { client } = await bed.fleet(2)
    const { headers } = await client.initialize(0)
    const wrong = await client.post(
      1,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { ...headers, 'MCP-Protocol-Version': '2025-06-18' },
    )
    expect(wrong.status).toBe(400)
    const unknown = await client.post(
      1,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { ...headers, 'Mcp-Session-Id': 'f'.repeat(32) },
    )
    expect(unknown.status).toBe(404)
  })
})
