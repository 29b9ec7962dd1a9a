import { afterEach, describe, expect, it } from 'vitest'
import { createAutoFetchHandler, SseClientTransport } from '../src/index.js'
import { listen, makeServer, post, RpcPeer } from './helpers.js'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('createAutoFetchHandler: auto mode without Hono', () => {
  it('serves a legacy SSE client and Streamable HTTP on the path it is given requests for', async () => {
    const { server } = makeServer('auto-fetch')
    const seen: string[] = []
    const auto = createAutoFetchHandler(server, {
      authenticate: (c) => {
        seen.push(c.req.raw.method)
        return { principal: c.req.header('x-user') ?? 'anon' }
      },
    })
    const l = await listen({ fetch: (r) => auto(r) })
    cleanups.push(() => l.close())
    const url = `${l.url}/some/path`

    const legacy = new SseClientTransport(url)
    const peer = new RpcPeer(legacy)
    await legacy.start()
    cleanups.push(() => legacy.close())
    expect(legacy.endpointUrl?.pathname).toBe('/some/path')
    expect(auto.openSseStreams).toBe(1)
    expect((await peer.initialize('2024-11-05')).serverInfo.name).toBe('auto-fetch')
    const sum = await peer.request('tools/call', { name: 'add', arguments: { a: 3, b: 4 } })
    expect(sum.content).toEqual([{ type: 'text', text: '7' }])
    expect(await auto.sseSessions.get(legacy.sessionId as string)).toBeDefined()

    // Without ?sessionId= a POST is Streamable HTTP: a legacy initialize opens a session there.
    const init = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { Accept: 'application/json, text/event-stream' },
    )
    expect(init.status).toBe(200)
    const sessionId = init.headers.get('mcp-session-id') as string
    expect(await auto.streamable.sessions.get(sessionId)).toBeDefined()
    expect(seen[0]).toBe('GET') // the stream, then every POST, on both sides
    expect(new Set(seen.slice(1))).toEqual(new Set(['POST']))
    expect(seen.length).toBeGreaterThanOrEqual(4)

    auto.closeAllSse()
    expect(auto.openSseStreams).toBe(0)
  })
})
