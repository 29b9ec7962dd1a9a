import { modernMeta } from '@edgemcp/test-helpers'
import { StoreUnavailableError } from '@edgemcp/streamable-http'
import { afterEach, describe, expect, it } from 'vitest'
import { fleetClient, sseReader, type Json } from './support/client.js'
import { type InstanceProcess, startInstanceProcess } from './support/process.js'
import { fleetTestbed } from './support/testbed.js'

const bed = fleetTestbed()
const processes: InstanceProcess[] = []
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.kill()))
})

const progressOf = (messages: Json[]) =>
  messages.filter((m) => m.method === 'notifications/progress').map((m) => m.params.progress as number)

const modernCall = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'echo',
    arguments: { text: 'stateless' },
    _meta: modernMeta(),
  },
}
const modernHeaders = { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo' }

describe('Redis unavailable', () => {
  it('session requests get 503 with Retry-After at once (never a hang); stateless ones carry on; all resume after', async () => {
    const { client } = await bed.fleet(2)
    const { headers } = await client.initialize(0)
    await bed.redis.down()
    try {
      const call = await client.call(1, headers, 'echo', { text: 'x' })
      expect(call.res.status).toBe(503)
      expect(call.res.headers.get('retry-after')).toBe('1')
      expect(((await call.res.json()) as Json).error.message).toMatch(
        /^Service Unavailable: Redis is unavailable/,
      )
      for (const res of [
        await client.get(0, { ...headers, 'Last-Event-ID': 'x.y:1' }),
        await client.del(1, headers),
        await client.post(0, {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'n', version: '1' },
          },
        }),
      ]) {
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('1')
      }
      expect((await client.post(1, modernCall, modernHeaders)).status).toBe(200)
    } finally {
      await bed.redis.up()
    }
    // Reconnected by themselves; the session (persisted by Redis) carries on.
    await expect
      .poll(async () => (await client.call(1, headers, 'echo', { text: 'back' })).res.status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(200)
  })

  it('a Redis that stops answering (frozen, connections open) gives 503 after commandTimeoutMs, not a hang', async () => {
    const { client } = await bed.fleet(1, { commandTimeoutMs: 500 })
    const { headers } = await client.initialize(0)
    bed.redis.pause()
    try {
      const call = await client.call(0, headers, 'echo', { text: 'x' })
      expect(call.res.status).toBe(503)
      expect(((await call.res.json()) as Json).error.message).toMatch(/no answer within 500 ms/)
    } finally {
      bed.redis.resume()
    }
    expect((await client.call(0, headers, 'echo', { text: 'back' })).res.status).toBe(200)
  })

  it('following a stream while Redis is frozen fails after commandTimeoutMs, not a wait for Redis', async () => {
    // A resumption on B of a stream live on A follows it through a subscription. A Redis that stopped
    // answering left that subscription unconfirmed forever: the client's stream stayed open on keep-alives
    // with nothing to end it. The follower must give up like any command (the client then resumes again).
    const { client, instances } = await bed.fleet(2, { commandTimeoutMs: 500 })
    const { headers } = await client.initialize(0)
    const { res } = await client.call(0, headers, 'slow', { steps: 1000, ms: 50 }, { progressToken: 'p' })
    const stream = sseReader(res)
    await stream.message()
    const lastEventId = stream.lastEventId!
    const streamId = lastEventId.slice(0, lastEventId.lastIndexOf(':'))
    const following = new AbortController()
    bed.redis.pause()
    try {
      const follow = instances[1]!.fleet.eventStore.follow(streamId, lastEventId, following.signal)
      await expect(
        (async () => {
          for await (const _ of follow) {
            // events appended before the freeze, if any
          }
        })(),
      ).rejects.toThrow(StoreUnavailableError)
    } finally {
      following.abort()
      bed.redis.resume()
      stream.drop()
    }
  }, 30_000)

  it('a stream in flight outlives a Redis restart: every event once, then the result', async () => {
    const { client } = await bed.fleet(2)
    const { headers } = await client.initialize(0)
    const { res, id } = await client.call(0, headers, 'slow', { steps: 20, ms: 50 }, { progressToken: 'p' })
    const stream = sseReader(res)
    const seen = [(await stream.message())!]
    await bed.redis.restart({ downMs: 300 })
    const all = [...seen, ...(await stream.rest(30_000))]
    expect(progressOf(all)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(all.at(-1)).toMatchObject({ id, result: { content: [{ text: 'done 20' }] } })
  })
})

/** Two instance processes; a session; a long tools/call streaming from the first. */
async function twoProcessesAndALongCall(name: string, heartbeatMs: number) {
  const env = {
    REDIS_URL: bed.redis.url,
    PREFIX: `${name}-${process.pid}:`,
    HEARTBEAT_MS: String(heartbeatMs),
  }
  const a = await startInstanceProcess(env)
  const b = await startInstanceProcess(env)
  processes.push(a, b)
  const client = fleetClient(() => [a.url, b.url])
  const { headers } = await client.initialize(0)
  const { res, id } = await client.call(0, headers, 'slow', { steps: 1000, ms: 50 }, { progressToken: 'p' })
  return { a, client, headers, stream: sseReader(res), id }
}

describe('an instance killed mid-stream', () => {
  it('the client resumes on another instance and gets a clear error for the request, not a hang', async () => {
    const { a, client, headers, stream, id } = await twoProcessesAndALongCall('kill', 200)
    const seen = [(await stream.message())!, (await stream.message())!]
    await a.kill()
    const rest = await sseReader(
      await client.get(1, { ...headers, 'Last-Event-ID': stream.lastEventId! }),
    ).rest(30_000)
    const all = [...seen, ...rest]
    const progress = progressOf(all)
    expect(progress).toEqual(Array.from({ length: progress.length }, (_, i) => i + 1))
    expect(all.at(-1)).toEqual({
      jsonrpc: '2.0',
      id,
      error: {
        code: -32603,
        message: 'The server instance handling this request stopped before answering; send the request again',
      },
    })
    // The session itself lives on: the next request is served by the instance left.
    expect((await client.call(1, headers, 'slow', { steps: 1 })).res.status).toBe(200)
  })

  it('an instance that shuts down gracefully ends its streams with an error at once', async () => {
    const { a, client, headers, stream, id } = await twoProcessesAndALongCall('stop', 60_000)
    await stream.message()
    const resumeFrom = stream.lastEventId!
    await a.stop()
    const rest = await sseReader(await client.get(1, { ...headers, 'Last-Event-ID': resumeFrom })).rest(
      30_000,
    )
    expect(rest.at(-1)).toMatchObject({
      id,
      error: { message: expect.stringMatching(/shut down before answering/) },
    })
  })

  it('a standalone stream whose instance died is taken over where the client resumes it: notifications go on', async () => {
    const env = { REDIS_URL: bed.redis.url, PREFIX: `adopt-${process.pid}:`, HEARTBEAT_MS: '200' }
    const a = await startInstanceProcess(env)
    const b = await startInstanceProcess(env)
    processes.push(a, b)
    const client = fleetClient(() => [a.url, b.url])
    const { headers } = await client.initialize(0)
    const standalone = sseReader(await client.get(0, headers))
    await standalone.message(1000).catch(() => undefined) // the priming event
    const primed = standalone.lastEventId!
    await a.kill()
    const resumed = sseReader(await client.get(1, { ...headers, 'Last-Event-ID': primed }))
    // Once B has found A dead and taken the stream over, what the server announces arrives on it.
    await expect
      .poll(
        async () => {
          await client.call(1, headers, 'announce')
          return (await resumed.message(500).catch(() => undefined))?.method
        },
        { timeout: 20_000 },
      )
      .toBe('notifications/tools/list_changed')
    resumed.drop()
  })
})
