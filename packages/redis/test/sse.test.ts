import { McpClient } from '@edgemcp/core'
import { SseClientTransport } from '@edgemcp/sse'
import { describe, expect, it } from 'vitest'
import { sseEventsOf } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

const bed = fleetTestbed()

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

/** A 2024-11-05 `initialize`, id 1, of a client that declares no capability. */
const INITIALIZE_2024 = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 't', version: '1' } },
}

describe('legacy HTTP+SSE sessions (2024-11-05) in a fleet', () => {
  it('messages POSTed to any instance are served by the one holding the stream', async () => {
    const { instances } = await bed.fleet(3)
    const stream = sseEventsOf(await fetch(instances[0]!.url, { headers: { Accept: 'text/event-stream' } }))
    const endpoint = (await stream.next())!
    expect(endpoint.event).toBe('endpoint')
    const on = (i: number) => new URL(endpoint.data, instances[i]!.url).href
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { elicitation: {} },
        clientInfo: { name: 't', version: '1' },
      },
    }
    expect((await post(on(1), init)).status).toBe(202)
    expect(JSON.parse((await stream.next())!.data).result.protocolVersion).toBe('2025-06-18')
    expect((await post(on(2), { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202)
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'confirm', arguments: {} } }
    expect((await post(on(1), call)).status).toBe(202)
    const asked = JSON.parse((await stream.next())!.data)
    expect(asked.method).toBe('elicitation/create')
    const answer = { jsonrpc: '2.0', id: asked.id, result: { action: 'decline' } }
    expect((await post(on(2), answer)).status).toBe(202)
    expect(JSON.parse((await stream.next())!.data)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'decline:{}' }] },
    })
    expect(instances[0]!.observed.asked).toEqual(['answered:decline'])
    stream.drop()
    // The stream is gone: so is the session, on every instance.
    await expect
      .poll(async () => (await post(on(1), { jsonrpc: '2.0', id: 3, method: 'ping' })).status)
      .toBe(404)
  })
})

describe('a message for the instance holding the stream while its pub/sub connection reconnects', () => {
  it('gets 503 with Retry-After, not 404 (the session lives), and goes through once it listens again', async () => {
    // It was published to nobody: PUBLISH said 0 receivers and the POST got 404, "open a new SSE stream",
    // for a session whose stream was still open. An instance that is gone still means 404.
    const { instances, deafen, hearAgain } = await bed.gatedFleet(2)
    const stream = sseEventsOf(await fetch(instances[0]!.url, { headers: { Accept: 'text/event-stream' } }))
    const endpoint = (await stream.next())!
    const onB = new URL(endpoint.data, instances[1]!.url).href
    expect((await post(onB, INITIALIZE_2024)).status).toBe(202)
    expect(JSON.parse((await stream.next())!.data).id).toBe(1)
    expect((await post(onB, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202)
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x' } },
    }

    await deafen()
    const refused = await post(onB, call)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Service Unavailable: Redis is unavailable \(the server instance this message is for is reconnecting/,
    )

    await hearAgain()
    expect((await post(onB, call)).status).toBe(202)
    expect((await post(onB, { jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(202)
    // The call ran once: its answer, then the ping's.
    expect(JSON.parse((await stream.next())!.data)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'x' }] },
    })
    expect(JSON.parse((await stream.next())!.data)).toEqual({ jsonrpc: '2.0', id: 3, result: {} })

    // A gone (shut down): its stream and what was POSTed for it with it. (Not within three heartbeats of B
    // connecting to Redis: a missing heartbeat may then be one that lapsed while Redis was away: 503.)
    stream.drop()
    await instances[0]!.close()
    await expect
      .poll(async () => (await post(onB, { jsonrpc: '2.0', id: 4, method: 'ping' })).status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(404)
  })

  it('right after B reconnects to Redis, A without a heartbeat is not taken for gone: 503, not 404', async () => {
    // After an outage longer than three heartbeats every heartbeat has expired, and an instance beats again
    // only once it has reconnected itself. B, reconnected first (here: just started, as readiness is what
    // counts), must not take A for dead meanwhile: the client would give up a live session.
    const { instances, prefix, deafen } = await bed.gatedFleet(2, { heartbeatMs: 60_000 })
    const stream = sseEventsOf(await fetch(instances[0]!.url, { headers: { Accept: 'text/event-stream' } }))
    const onB = new URL((await stream.next())!.data, instances[1]!.url).href
    expect((await post(onB, INITIALIZE_2024)).status).toBe(202)
    expect(JSON.parse((await stream.next())!.data).id).toBe(1)
    await deafen()
    const raw = await bed.raw()
    await raw.del(`${prefix}i:${instances[0]!.fleet.instanceId}`)
    expect((await post(onB, { jsonrpc: '2.0', id: 2, method: 'ping' })).status).toBe(503)
    stream.drop()
  })

  it('our client sends it again after Retry-After: the call is answered, once', async () => {
    const { instances, deafen, hearAgain } = await bed.gatedFleet(2)
    const b = new URL(instances[1]!.url)
    const refusals: number[] = []
    let heard: Promise<void> | undefined
    // The load balancer: the stream goes to A, every POST to B. The first refusal lets A hear again before the
    // client sees it, so its resend (after Retry-After) finds A listening.
    const balancer: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input)
      if (init?.method === 'POST') url.host = b.host
      const res = await fetch(url, init)
      if (res.status === 503) {
        refusals.push(res.status)
        heard ??= hearAgain()
        await heard
      }
      return res
    }
    const client = new McpClient({ name: 't', version: '1' }, { protocol: 'legacy' })
    try {
      await client.connect(new SseClientTransport(instances[0]!.url, { fetch: balancer }))
      await deafen()
      const result = await client.callTool({ name: 'echo', arguments: { text: 'kept' } })
      expect(result.content).toEqual([{ type: 'text', text: 'kept' }])
      expect(refusals).toEqual([503])
    } finally {
      await client.close()
    }
  })
})
