import { describe, expect, it } from 'vitest'
import { sseEventsOf } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

const bed = fleetTestbed()

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

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
