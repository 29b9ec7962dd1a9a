import { describe, expect, it } from 'vitest'
import { sseReader } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

const bed = fleetTestbed()
const elicitation = { elicitation: {} }

describe('server→client requests across instances', () => {
  it('the answer POSTed to instance B resolves ctx.elicit() awaiting on instance A', async () => {
    const { client, instances } = await bed.fleet(3)
    const { headers } = await client.initialize(0, 1, elicitation)
    const { res, id } = await client.call(0, headers, 'confirm')
    const stream = sseReader(res)
    const asked = await stream.message()
    expect(asked?.method).toBe('elicitation/create')
    const answer = { jsonrpc: '2.0', id: asked!.id, result: { action: 'accept', content: { ok: true } } }
    expect((await client.post(1, answer, headers)).status).toBe(202)
    expect(await stream.message()).toEqual({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'accept:{"ok":true}' }] },
    })
    expect(instances[0]!.observed.asked).toEqual(['answered:accept'])
    // Answered once: the same answer again is refused wherever it arrives.
    expect((await client.post(2, answer, headers)).status).toBe(400)
  })

  it('times out as on one instance; the late answer is dropped, the handler does not run twice', async () => {
    const { client, instances } = await bed.fleet(2)
    const { headers } = await client.initialize(0, 0, elicitation)
    const { res } = await client.call(0, headers, 'confirm', { timeoutMs: 300 })
    const stream = sseReader(res)
    const asked = await stream.message()
    const final = await stream.message()
    expect(final?.error?.message ?? final?.result?.content?.[0]?.text).toMatch(/timed out/)
    expect(instances[0]!.observed.asked).toEqual(['failed:RequestTimeoutError'])
    const late = { jsonrpc: '2.0', id: asked!.id, result: { action: 'accept', content: {} } }
    expect([202, 400]).toContain((await client.post(1, late, headers)).status)
    expect(instances[0]!.observed.asked).toEqual(['failed:RequestTimeoutError'])
  })

  it('notifications/cancelled POSTed to another instance cancels the request where it runs', async () => {
    const { client, instances } = await bed.fleet(3)
    const { headers } = await client.initialize(0)
    const id = client.id()
    const call = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: {} } }
    // Answered when the handler ends: no response until it is cancelled.
    const answered = client.post(0, call, headers)
    await expect.poll(() => instances[0]!.observed.started, { timeout: 10_000 }).toEqual([id])
    const cancel = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'enough' },
    }
    expect((await client.post(2, cancel, headers)).status).toBe(202)
    await expect.poll(() => instances[0]!.observed.aborted, { timeout: 10_000 }).toEqual([id])
    // A cancelled request gets no response (basic/utilities/cancellation).
    expect((await answered).status).toBe(202)
  })

  it('an answer for an instance alive but not listening (Redis just restarted) gets 503, then goes through', async () => {
    // After a Redis restart each instance's pub/sub connection comes back on its own schedule. An answer
    // forwarded meanwhile reached nobody, and its record was taken: lost, the request left waiting. It is
    // refused with 503 (kept for a retry) instead. The awaiting instance is played by a raw client here, so
    // that when it listens is up to the test.
    const { client, prefix } = await bed.fleet(1)
    const { sessionId, headers } = await client.initialize(0, 0, elicitation)
    const raw = await bed.raw()
    const pending = `${prefix}r:${sessionId}:"ask-1"`
    await raw.set(pending, 'elsewhere', { PX: 60_000 })
    await raw.set(`${prefix}i:elsewhere`, '1', { PX: 60_000 })
    const answer = { jsonrpc: '2.0', id: 'ask-1', result: { action: 'accept', content: {} } }

    const refused = await client.post(0, answer, headers)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await raw.get(pending)).toBe('elsewhere')

    const listener = raw.duplicate()
    await listener.connect()
    const received: unknown[] = []
    await listener.subscribe(`${prefix}c:elsewhere`, (m) => received.push(JSON.parse(m)))
    try {
      expect((await client.post(0, answer, headers)).status).toBe(202)
      await expect.poll(() => received).toEqual([{ t: 'response', k: 's', s: sessionId, r: answer }])
      expect(await raw.exists(pending)).toBe(0)
    } finally {
      await listener.close()
    }

    // An instance that is gone takes its requests with it: the answer is refused as awaited by nobody. (Not
    // within three heartbeats of this instance connecting to Redis: a missing heartbeat may then be one that
    // lapsed while Redis was away, and the answer gets 503 meanwhile.)
    await raw.set(pending, 'elsewhere', { PX: 60_000 })
    await raw.del(`${prefix}i:elsewhere`)
    await expect
      .poll(async () => (await client.post(0, answer, headers)).status, { timeout: 10_000, interval: 200 })
      .toBe(400)
    expect(await raw.exists(pending)).toBe(0)
  })
})
