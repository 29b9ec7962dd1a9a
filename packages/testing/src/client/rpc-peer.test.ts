import { InMemoryTransport } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { ConnectionLostError, TimeoutError } from '../errors.js'
import { RpcPeer } from './rpc-peer.js'

/** A peer wired to a scripted far end that records what it receives. */
async function setup(requestTimeout = 1000) {
  const [near, far] = InMemoryTransport.createPair()
  const received: any[] = []
  far.onmessage = (m) => received.push(m)
  await far.start()
  const notifications: unknown[] = []
  const peer = new RpcPeer(near, {
    requestTimeout,
    onRequest: async (method) => {
      if (method === 'ping') return {}
      throw Object.assign(new Error(`no ${method}`), { code: -32601 })
    },
    onNotification: (n) => notifications.push(n),
  })
  await peer.start()
  return { peer, far, received, notifications }
}

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('RpcPeer', () => {
  it('matches responses to requests by id, whatever their order', async () => {
    const { peer, far, received } = await setup()
    const a = peer.request('a', {})
    const b = peer.request('b', undefined)
    await tick()
    expect(received.map((m) => [m.id, m.method, 'params' in m])).toEqual([
      [1, 'a', true],
      [2, 'b', false],
    ])
    await far.send({ jsonrpc: '2.0', id: 2, result: { which: 'b' } })
    await far.send({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no a' } })
    expect((await b).response.result).toEqual({ which: 'b' })
    expect((await a).response.error).toEqual({ code: -1, message: 'no a' })
  })

  it('times out with TimeoutError and tells the server to cancel', async () => {
    const { peer, received } = await setup(50)
    await expect(peer.request('slow', {})).rejects.toThrow(TimeoutError)
    await tick()
    expect(received[1]).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'slow (request id 1) got no response within 50 ms' },
    })
  })

  it('answers server requests and passes notifications on', async () => {
    const { far, received, notifications } = await setup()
    await far.send({ jsonrpc: '2.0', id: 'p', method: 'ping' })
    await far.send({ jsonrpc: '2.0', id: 'q', method: 'sampling/createMessage', params: {} })
    await far.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } })
    await tick()
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 'p', result: {} },
      { jsonrpc: '2.0', id: 'q', error: { code: -32601, message: 'no sampling/createMessage' } },
    ])
    expect(notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } },
    ])
  })

  it('fails pending requests when the connection closes, and later ones at once', async () => {
    const { peer, far } = await setup()
    const pending = peer.request('waiting', {})
    await far.close()
    await expect(pending).rejects.toThrow(ConnectionLostError)
    await expect(pending).rejects.toThrow(/^waiting \(request id 1\) failed: the connection closed$/)
    await expect(peer.request('after', {})).rejects.toThrow(ConnectionLostError)
  })
})
