import type { ServerSession } from '@edgemcp/core'
import { type RequestAuth, StoreUnavailableError } from '@edgemcp/streamable-http'
import { describe, expect, it } from 'vitest'
import type { SseMessageReceiver, SseSessionStore } from '../src/index.js'
import { EventReader, post, sseTestbed } from './helpers.js'

/**
 * The SseSessionStore seam: a message POSTed to an instance that does not hold the session's stream is
 * forwarded to the one that does. Here two handlers share a toy store in one process; @edgemcp/redis
 * implements the seam on Redis and tests it across real instances.
 */

/** The part of a fleet every instance's store sees: the sessions, and where each instance takes messages. */
class Fleet {
  readonly sessions = new Map<string, ServerSession>()
  readonly receivers = new Set<SseMessageReceiver>()
  readonly forwarded: Array<{ sessionId: string; auth: RequestAuth | undefined }> = []
}

/** One instance's store on the shared fleet. */
class FleetStore implements SseSessionStore {
  down = false
  #receive: SseMessageReceiver | undefined
  constructor(private readonly fleet: Fleet) {}
  async get(id: string) {
    if (this.down) throw new StoreUnavailableError('fleet store unreachable')
    return this.fleet.sessions.get(id)
  }
  async set(session: ServerSession) {
    this.fleet.sessions.set(session.id, session)
  }
  async delete(id: string) {
    this.fleet.sessions.delete(id)
  }
  receiveMessages(receive: SseMessageReceiver) {
    this.#receive = receive
    this.fleet.receivers.add(receive)
  }
  readonly forwardMessage: SseMessageReceiver = async (sessionId, message, auth) => {
    this.fleet.forwarded.push({ sessionId, auth })
    for (const receive of this.fleet.receivers)
      if (receive !== this.#receive && (await receive(sessionId, message, auth))) return true
    return false
  }
}

const { start, keep } = sseTestbed()

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

async function twoInstances(
  authenticate?: (c: { req: { header(n: string): string | undefined } }) => RequestAuth,
) {
  const fleet = new Fleet()
  const storeA = new FleetStore(fleet)
  const storeB = new FleetStore(fleet)
  const a = await start({ sessionStore: storeA, ...(authenticate ? { authenticate } : {}) })
  const b = await start({ sessionStore: storeB, ...(authenticate ? { authenticate } : {}) })
  return { fleet, a, b, storeB }
}

async function openOn(url: string, headers: Record<string, string> = {}) {
  const { reader } = await EventReader.open(`${url}/sse`, {
    headers: { Accept: 'text/event-stream', ...headers },
  })
  keep(reader)
  const endpoint = await reader.endpoint()
  return { reader, endpoint }
}

describe('SseSessionStore.forwardMessage / receiveMessages', () => {
  it('a POST to the instance without the stream is served by the one holding it, answers on its stream', async () => {
    const { fleet, a, b } = await twoInstances()
    const { reader, endpoint } = await openOn(a.url)
    // Every message goes to B; the answers arrive on the stream A holds.
    expect((await post(new URL(endpoint, b.url).href, init)).status).toBe(202)
    expect((await reader.message((m) => m.id === 1)).result.protocolVersion).toBe('2025-06-18')
    await post(new URL(endpoint, b.url).href, { jsonrpc: '2.0', method: 'notifications/initialized' })
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'ask', arguments: {} } }
    expect((await post(new URL(endpoint, b.url).href, call)).status).toBe(202)
    const asked = await reader.message((m) => m.method === 'elicitation/create')
    // The elicitation's answer, POSTed to B, resolves the handler waiting on A.
    const answer = { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } }
    expect((await post(new URL(endpoint, b.url).href, answer)).status).toBe(202)
    expect((await reader.message((m) => m.id === 2)).result.content[0].text).toBe('hello Ada (accept)')
    expect(fleet.forwarded.length).toBe(4)
  })

  it('checks the message before forwarding it (bad JSON-RPC is refused where it arrives)', async () => {
    const { fleet, a, b } = await twoInstances()
    const { endpoint } = await openOn(a.url)
    const res = await post(new URL(endpoint, b.url).href, { jsonrpc: '2.0', id: 1 })
    expect(res.status).toBe(400)
    expect(fleet.forwarded).toEqual([])
  })

  it('forwards the caller and refuses another principal with 404', async () => {
    const { fleet, a, b } = await twoInstances((c) => ({
      principal: c.req.header('x-user') ?? 'anon',
      authInfo: { user: c.req.header('x-user') },
    }))
    const { reader, endpoint } = await openOn(a.url, { 'X-User': 'ada' })
    const url = new URL(endpoint, b.url).href
    expect((await post(url, init, { 'X-User': 'eve' })).status).toBe(404)
    expect((await post(url, init, { 'X-User': 'ada' })).status).toBe(202)
    await reader.message((m) => m.id === 1)
    expect(fleet.forwarded).toEqual([
      { sessionId: expect.any(String), auth: { principal: 'ada', authInfo: { user: 'ada' } } },
    ])
  })

  it('404 once no instance holds the stream; 503 with Retry-After while the store is unreachable', async () => {
    const { a, b, storeB } = await twoInstances()
    const { reader, endpoint } = await openOn(a.url)
    storeB.down = true
    const unavailable = await post(new URL(endpoint, b.url).href, init)
    expect(unavailable.status).toBe(503)
    expect(unavailable.headers.get('retry-after')).toBe('1')
    storeB.down = false
    a.handler.closeAll()
    await reader.until(() => reader.ended)
    expect((await post(new URL(endpoint, b.url).href, init)).status).toBe(404)
  })
})
