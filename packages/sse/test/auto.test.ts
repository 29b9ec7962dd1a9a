import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@edgemcp/core'
import { serve } from '@edgemcp/streamable-http/node'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createAutoFetchHandler,
  createAutoHandler,
  createSseHandler,
  FallbackClientTransport,
  SseClientTransport,
} from '../src/index.js'
import { EventReader, type Json, listen, makeServer, post, RpcPeer } from './helpers.js'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function startAuto() {
  const { server } = makeServer('auto-test')
  const auto = createAutoHandler(server)
  const l = await listen(new Hono().route('/mcp', auto))
  cleanups.push(() => l.close())
  return { server, auto, url: `${l.url}/mcp` }
}

/** The SDK's Streamable HTTP client transport, as our Transport (its extra send options are optional). */
const sdkStreamable = (url: URL) => new StreamableHTTPClientTransport(url) as unknown as Transport

describe('auto mode: Streamable HTTP and legacy SSE on one path', () => {
  it('a 2025-11-25 Streamable HTTP client and a 2024-11-05 SSE client talk to the same URL', async () => {
    const { auto, url } = await startAuto()

    const modern = new Client({ name: 'streamable-client', version: '1.0.0' })
    const streamable = new StreamableHTTPClientTransport(new URL(url))
    await modern.connect(streamable)
    cleanups.push(() => modern.close())
    expect(streamable.protocolVersion).toBe('2025-11-25')
    expect(streamable.sessionId).toMatch(/^[0-9a-f]{32}$/)

    const legacy = new SseClientTransport(url)
    const peer = new RpcPeer(legacy)
    await legacy.start()
    cleanups.push(() => legacy.close())
    expect(legacy.endpointUrl?.pathname).toBe('/mcp')
    expect(legacy.sessionId).toMatch(/^[0-9a-f]{32}$/)
    const init = await peer.initialize('2024-11-05')
    expect(init.protocolVersion).toBe('2024-11-05')
    expect(init.serverInfo.name).toBe('auto-test')

    // Interleaved calls on both transports.
    const [a, b] = await Promise.all([
      modern.callTool({ name: 'add', arguments: { a: 1, b: 2 } }),
      peer.request('tools/call', { name: 'add', arguments: { a: 3, b: 4 } }),
    ])
    expect(a.content).toEqual([{ type: 'text', text: '3' }])
    expect(b.content).toEqual([{ type: 'text', text: '7' }])
    expect((await modern.readResource({ uri: 'note://hello' })).contents[0]).toMatchObject({
      text: 'Hello, SSE',
    })
    expect((await peer.request('resources/read', { uri: 'note://hello' })).contents[0].text).toBe(
      'Hello, SSE',
    )
    expect(auto.openSseStreams).toBe(1)

    // The SDK's own SSE client works at the same URL too.
    const sdkSse = new Client({ name: 'sdk-sse', version: '1.0.0' })
    await sdkSse.connect(new SSEClientTransport(new URL(url)))
    cleanups.push(() => sdkSse.close())
    expect((await sdkSse.listTools()).tools).toHaveLength(2)
    expect(auto.openSseStreams).toBe(2)

    await legacy.close()
    await sdkSse.close()
    await expect.poll(() => auto.openSseStreams).toBe(0)
    // Streamable HTTP is unaffected.
    expect((await modern.listTools()).tools).toHaveLength(2)
  })

  it('routes by method, session header and Accept; bad legacy input gets the SSE errors', async () => {
    const { url } = await startAuto()
    // POST with an unknown ?sessionId= is a legacy message: 404.
    const unknown = await post(`${url}?sessionId=${'f'.repeat(32)}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as Json).error.message).toMatch(/Session not found/)
    // POST without ?sessionId= is Streamable HTTP: a legacy request without a session is 400 there.
    const noSession = await post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {
        Accept: 'application/json, text/event-stream',
      },
    )
    expect(noSession.status).toBe(400)
    // A GET that does not accept SSE, and a GET with an unknown Mcp-Session-Id, go to Streamable HTTP.
    const json = await fetch(url, { headers: { Accept: 'application/json' } })
    expect(json.status).not.toBe(200)
    const stale = await fetch(url, { headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': 'nope' } })
    expect(stale.status).toBe(404)
    // A foreign Origin is refused on both sides.
    const { response } = await EventReader.open(url, {
      headers: { Accept: 'text/event-stream', Origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
    const evilPost = await post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { Origin: 'https://evil.example' },
    )
    expect(evilPost.status).toBe(403)
  })
})

describe('FallbackClientTransport', () => {
  it('stays on Streamable HTTP when the server speaks it', async () => {
    const { url, auto } = await startAuto()
    const transport = new FallbackClientTransport(url, { streamable: sdkStreamable })
    const peer = new RpcPeer(transport)
    await transport.start()
    cleanups.push(() => transport.close())
    const init = await peer.initialize('2025-11-25')
    expect(init.protocolVersion).toBe('2025-11-25')
    expect(transport.kind).toBe('streamable-http')
    expect(
      (await peer.request('tools/call', { name: 'add', arguments: { a: 5, b: 5 } })).content[0].text,
    ).toBe('10')
    expect(auto.openSseStreams).toBe(0)
  })

  it('without a principal, legacy SSE sessions are shared out per client address (loopback here)', async () => {
    // On node:http (`serve` hands the app its env, the socket included); no `clientAddress` option.
    const options = { maxSessionsPerClient: 1 }
    const autoFetch = createAutoFetchHandler(makeServer('auto-fetch').server, options)
    for (const [app, path] of [
      [createSseHandler(makeServer('sse').server, options), '/sse'],
      [createAutoHandler(makeServer('auto').server, options), '/'],
      [{ fetch: autoFetch }, '/'],
    ] as const) {
      const l = await serve(app)
      cleanups.push(() => l.close())
      const first = await EventReader.open(`${l.url}${path}`)
      cleanups.push(() => first.reader.close())
      expect(first.response.status).toBe(200)
      const second = await EventReader.open(`${l.url}${path}`)
      cleanups.push(() => second.reader.close())
      expect(second.response.status).toBe(429)
      expect(((await second.response.json()) as Json).error.message).toMatch(/Too many sessions/)
    }
  })

  it('falls back to GET SSE when the initialize POST is refused (405), after a failed probe', async () => {
    const { server } = makeServer('sse-only')
    const handler = createSseHandler(server)
    const l = await listen(handler)
    cleanups.push(() => l.close())
    const transport = new FallbackClientTransport(`${l.url}/sse`, { streamable: sdkStreamable })
    const peer = new RpcPeer(transport)
    await transport.start()
    cleanups.push(() => transport.close())
    // A modern probe refused by the server is reported, not a reason to switch.
    await expect(peer.request('server/discover')).rejects.toMatchObject({ code: 405 })
    expect(transport.kind).toBeUndefined()
    const init = await peer.initialize('2024-11-05')
    expect(init.serverInfo.name).toBe('sse-only')
    expect(transport.kind).toBe('sse')
    expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/)
    expect(
      (await peer.request('tools/call', { name: 'add', arguments: { a: 1, b: 1 } })).content[0].text,
    ).toBe('2')
    expect(handler.openStreams).toBe(1)
  })

  it('does not fall back on other failures', async () => {
    const app = new Hono().post('/mcp', () => new Response('nope', { status: 500 }))
    const l = await listen(app)
    cleanups.push(() => l.close())
    const transport = new FallbackClientTransport(`${l.url}/mcp`, { streamable: sdkStreamable })
    const peer = new RpcPeer(transport)
    await transport.start()
    cleanups.push(() => transport.close())
    await expect(peer.initialize('2024-11-05')).rejects.toMatchObject({ code: 500 })
    expect(transport.kind).toBeUndefined()
  })
})
