import { describe, expect, it } from 'vitest'
import { answerOf, sseEventsOf, sseReader } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

/**
 * What one unauthenticated client can make Redis hold (red team, issue #33 M5): bytes per stream, streams per
 * session, and sessions per client across the fleet, behind a trusted proxy.
 */
const bed = fleetTestbed()

/** Keys under `prefix` and the bytes Redis says they take (`MEMORY USAGE`). */
async function held(prefix: string): Promise<{ keys: string[]; bytes: number }> {
  const raw = await bed.raw()
  const keys: string[] = []
  for await (const batch of raw.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) keys.push(...batch)
  let bytes = 0
  for (const key of keys) bytes += Number((await raw.sendCommand(['MEMORY', 'USAGE', key])) ?? 0)
  return { keys, bytes }
}

const REV = '2025-11-25'
const initialize = (forwardedFor?: string) => ({
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 'budget', version: '1' } },
  }),
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...(forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }),
  },
})

describe('budgets of what a client can make Redis hold', () => {
  it('40 POSTs answered with a 3.9 MB message: Redis keeps at most maxStreamBytes per stream', async () => {
    const { prefix, client } = await bed.fleet(1)
    const { headers } = await client.initialize(0)
    const text = 'x'.repeat(3_900_000)
    for (let i = 0; i < 40; i++) {
      const { res } = await client.call(0, headers, 'stream_echo', { text }, { progressToken: `p${i}` })
      const answer = await answerOf(res)
      expect(answer.result.content[0].text).toHaveLength(text.length)
    }
    const { keys, bytes } = await held(prefix)
    console.log(`40 × 3.9 MB answers: ${keys.length} keys, ${bytes} bytes held in Redis`)
    // Each message alone is over the 1 MiB budget: delivered live, not kept.
    expect(bytes).toBeLessThan(2 * 1024 * 1024)
  })

  it('a session keeps at most maxStreamsPerSession streams; the oldest cannot be resumed', async () => {
    const { prefix, client } = await bed.fleet(2, { maxStreamsPerSession: 4, maxStreamBytes: 64 * 1024 })
    const { headers } = await client.initialize(0)
    const firstIds: string[] = []
    for (let i = 0; i < 10; i++) {
      const { res } = await client.call(i, headers, 'slow', { steps: 2 }, { progressToken: `p${i}` })
      const body = await res.text()
      const id = /^id: (\S+)$/m.exec(body)?.[1]
      if (id) firstIds.push(id)
    }
    const streams = (await held(prefix)).keys.filter((k) => k.startsWith(`${prefix}e:`))
    expect(streams).toHaveLength(4)
    expect(firstIds).toHaveLength(10)
    // The first stream was forgotten: resuming it is refused; the last one still replays.
    expect((await client.get(1, { ...headers, 'Last-Event-ID': firstIds[0] as string })).status).toBe(400)
    const last = await client.get(0, { ...headers, 'Last-Event-ID': firstIds[9] as string })
    expect(last.status).toBe(200)
    await last.body?.cancel()
  })

  it('a stream forgotten while still being written goes on live, its ids counting on, then is gone', async () => {
    const { prefix, client } = await bed.fleet(1, { maxStreamsPerSession: 2 })
    const { headers } = await client.initialize(0, 0, { elicitation: {} })
    const { res, id } = await client.call(0, headers, 'confirm')
    const live = sseReader(res)
    const asked = await live.message()
    expect(asked?.method).toBe('elicitation/create')
    const askedAt = live.lastEventId as string
    const streamId = askedAt.slice(0, askedAt.lastIndexOf(':'))
    const seq = (eventId: string | undefined) => Number(eventId?.slice(eventId.lastIndexOf(':') + 1))
    // Three more streams in the session: the live one, the oldest, is forgotten (its events go).
    for (let i = 0; i < 3; i++) {
      const { res: done } = await client.call(0, headers, 'slow', { steps: 1 }, { progressToken: `q${i}` })
      expect((await answerOf(done)).result).toBeDefined()
    }
    const raw = await bed.raw()
    expect(await raw.xLen(`${prefix}e:${streamId}`)).toBe(0)
    const resumed = await client.get(0, { ...headers, 'Last-Event-ID': askedAt })
    expect(resumed.status).toBe(400)
    await resumed.body?.cancel()
    // The answer still arrives live, with the stream's next id (not a new count from 1).
    const answer = { jsonrpc: '2.0', id: asked?.id, result: { action: 'accept', content: { ok: true } } }
    expect((await client.post(0, answer, headers)).status).toBe(202)
    expect(await live.message()).toMatchObject({ id, result: { content: [{ text: 'accept:{"ok":true}' }] } })
    expect(seq(live.lastEventId)).toBeGreaterThan(seq(askedAt))
    expect(await live.message()).toBeUndefined()
    // Ended, it holds nothing in Redis.
    await expect
      .poll(() => raw.exists([`${prefix}e:${streamId}`, `${prefix}m:${streamId}`]), { timeout: 10_000 })
      .toBe(0)
  })

  it('behind a trusted proxy, a client’s sessions are counted fleet-wide by X-Forwarded-For (429 beyond)', async () => {
    const { instances } = await bed.fleet(3, { maxSessionsPerClient: 3, trustedProxies: ['127.0.0.1'] })
    const open = async (i: number, forwardedFor: string) => {
      const { body, headers } = initialize(forwardedFor)
      const url = instances[i % instances.length]!.url
      const res = await fetch(url, { method: 'POST', body, headers })
      await res.body?.cancel()
      return res
    }
    // The proxy appends the address it saw; what the client wrote before it is not trusted.
    for (let i = 0; i < 3; i++) expect((await open(i, `10.9.9.${i}, 203.0.113.7`)).status).toBe(200)
    const refused = await open(3, '203.0.113.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client behind the same proxy has its own share.
    expect((await open(4, '203.0.113.8')).status).toBe(200)
  })

  it('legacy HTTP+SSE sessions and Streamable HTTP sessions of a client share one fleet-wide count', async () => {
    const { instances, client } = await bed.fleet(2, { maxSessionsPerClient: 2 })
    const opened: Array<{ drop(): void }> = []
    for (let i = 0; i < 2; i++) {
      const stream = sseEventsOf(await fetch(instances[i]!.url, { headers: { Accept: 'text/event-stream' } }))
      expect((await stream.next())?.event).toBe('endpoint')
      opened.push(stream)
    }
    const { body, headers } = initialize()
    const over = await client.post(0, JSON.parse(body), headers)
    expect(over.status).toBe(429)
    await over.body?.cancel()
    const sse = await fetch(instances[1]!.url, { headers: { Accept: 'text/event-stream' } })
    expect(sse.status).toBe(429)
    expect(Number(sse.headers.get('retry-after'))).toBeGreaterThan(0)
    await sse.body?.cancel()
    for (const stream of opened) stream.drop()
  })

  it('the count outlives its last admission while the client’s sessions are in use', async () => {
    const { prefix, client } = await bed.fleet(2, { maxSessionsPerClient: 2, heartbeatMs: 100 })
    const a = await client.initialize(0)
    await client.initialize(1)
    const raw = await bed.raw()
    const set = (await held(prefix)).keys.find((k) => k.startsWith(`${prefix}q:`)) as string
    expect(await raw.sCard(set)).toBe(2)
    // As if the sessions had been admitted long ago: the set is about to expire, the sessions are in use.
    await raw.pExpire(set, 1500)
    await expect
      .poll(
        async () => {
          const { res } = await client.call(0, a.headers, 'echo', { text: 'still here' })
          await res.body?.cancel()
          return raw.pTTL(set)
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeGreaterThan(60_000)
    const { body, headers } = initialize()
    const over = await client.post(1, JSON.parse(body), headers)
    expect(over.status).toBe(429)
    await over.body?.cancel()
  })

  it('a deleted session frees its place in the client’s fleet-wide share', async () => {
    const { client } = await bed.fleet(2, { maxSessionsPerClient: 2 })
    const a = await client.initialize(0)
    await client.initialize(1)
    const { body, headers } = initialize()
    const over = await client.post(0, JSON.parse(body), headers)
    expect(over.status).toBe(429)
    await over.body?.cancel()
    expect((await client.del(1, a.headers)).status).toBeLessThan(300)
    const again = await client.post(1, JSON.parse(body), headers)
    expect(again.status).toBe(200)
    await again.body?.cancel()
  })
})
