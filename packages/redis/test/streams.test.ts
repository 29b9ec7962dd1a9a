import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { type Json, sseReader } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

const bed = fleetTestbed()

/** A legacy `resources/subscribe` request. */
const subscribeTo = (id: number, uri: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'resources/subscribe',
  params: { uri },
})

const progressOf = (messages: Json[]) =>
  messages.filter((m) => m.method === 'notifications/progress').map((m) => m.params.progress as number)

describe('resumable streams on Redis Streams', () => {
  it('a POST stream dropped on A resumes on B with Last-Event-ID: the rest, live, each event once', async () => {
    const { client } = await bed.fleet(3)
    const { headers } = await client.initialize(0)
    const { res, id } = await client.call(0, headers, 'slow', { steps: 12, ms: 40 }, { progressToken: 'p' })
    const first = sseReader(res)
    const seen: Json[] = []
    for (let i = 0; i < 3; i++) seen.push((await first.message())!)
    first.drop()
    const resumed = await client.get(1, { ...headers, 'Last-Event-ID': first.lastEventId! })
    expect(resumed.status).toBe(200)
    const rest = await sseReader(resumed).rest()
    const all = [...seen, ...rest]
    expect(progressOf(all)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(all.at(-1)).toEqual({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'done 12' }] },
    })
    expect(all.filter((m) => !('method' in m))).toHaveLength(1)
  })

  it('a stream that ended is replayed on any instance, then closes', async () => {
    const { client } = await bed.fleet(2)
    const { headers } = await client.initialize(0)
    const { res } = await client.call(0, headers, 'slow', { steps: 3 }, { progressToken: 'p' })
    const first = sseReader(res)
    await first.message()
    const after = first.lastEventId!
    const rest = await first.rest()
    const replayed = await sseReader(await client.get(1, { ...headers, 'Last-Event-ID': after })).rest()
    expect(replayed).toEqual(rest)
  })

  it('Last-Event-ID of another session, or trimmed away, is refused (400)', async () => {
    const { client } = await bed.fleet(2, { maxEventsPerStream: 4 })
    const a = await client.initialize(0)
    const b = await client.initialize(1)
    const { res } = await client.call(0, a.headers, 'slow', { steps: 8 }, { progressToken: 'p' })
    const stream = sseReader(res)
    await stream.message()
    const early = stream.lastEventId!
    await stream.rest()
    expect((await client.get(1, { ...b.headers, 'Last-Event-ID': early })).status).toBe(400)
    expect((await client.get(1, { ...a.headers, 'Last-Event-ID': early })).status).toBe(400)
  })
})

describe('fan-out of notifications to every instance', () => {
  it('resources/updated reaches the standalone stream on A: subscribed on B, raised on C', async () => {
    const { client } = await bed.fleet(3)
    const { headers } = await client.initialize(0)
    const standalone = sseReader(await client.get(0, headers))
    expect((await client.post(1, subscribeTo(client.id(), 'note://a'), headers)).status).toBe(200)
    await client.call(2, headers, 'touch', { uri: 'note://other' })
    await client.call(2, headers, 'touch', { uri: 'note://a' })
    expect(await standalone.message()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'note://a' },
    })
    standalone.drop()
  })

  it('a subscription made on B while A could not hear it still reaches the standalone stream on A', async () => {
    // The change of the session (resources/subscribe) is announced on the fleet channel. A, its pub/sub
    // connection reconnecting, missed the announcement and kept its copy unsubscribed: every resources/updated
    // after that was dropped for this stream. A reads its copies again once it listens.
    const { client, deafen, hearAgain } = await bed.gatedFleet(2)
    const { headers } = await client.initialize(1)
    const standalone = sseReader(await client.get(0, headers))
    await deafen()
    expect((await client.post(1, subscribeTo(client.id(), 'note://a'), headers)).status).toBe(200)
    await hearAgain()
    // Raised on B until it arrives on A: A's copy is brought up to date a moment after A listens again.
    await expect
      .poll(
        async () => {
          await client.call(1, headers, 'touch', { uri: 'note://a' })
          return (await standalone.message(500).catch(() => undefined))?.params
        },
        { timeout: 20_000 },
      )
      .toEqual({ uri: 'note://a' })
    standalone.drop()
  })

  it('list_changed raised on one instance reaches legacy streams and subscriptions/listen elsewhere', async () => {
    const { client, instances } = await bed.fleet(3)
    const { headers } = await client.initialize(0)
    const standalone = sseReader(await client.get(0, headers))
    const meta = modernMeta()
    const listen = await client.post(
      1,
      {
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: meta },
      },
      { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'subscriptions/listen' },
    )
    const listening = sseReader(listen)
    expect((await listening.message())?.method).toBe('notifications/subscriptions/acknowledged')
    instances[2]!.server.tool('added-at-run-time', {}, () => ({ content: [] }))
    expect((await standalone.message())?.method).toBe('notifications/tools/list_changed')
    expect((await listening.message())?.method).toBe('notifications/tools/list_changed')
    standalone.drop()
    listening.drop()
  })

  it('one standalone stream per session in the fleet: a GET on B ends the one on A (nothing sent to both)', async () => {
    const { client, instances } = await bed.fleet(3)
    const { headers } = await client.initialize(0)
    const onA = sseReader(await client.get(0, headers))
    await onA.message(2000).catch(() => undefined) // (only the priming event: nothing to read)
    const primedA = onA.lastEventId!
    const onB = sseReader(await client.get(1, headers))
    await expect
      .poll(async () => {
        instances[2]!.server.tool(`t${Math.random()}`, {}, () => ({ content: [] }))
        return (await onB.message(500).catch(() => undefined))?.method
      })
      .toBe('notifications/tools/list_changed')
    // A's stream was ended when B's opened: resumed anywhere, it has nothing and closes.
    expect(await sseReader(await client.get(2, { ...headers, 'Last-Event-ID': primedA })).rest()).toEqual([])
    onA.drop()
    onB.drop()
  })
})
