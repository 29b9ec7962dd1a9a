import { UnsupportedProtocolVersionError } from '@edgemcp/core'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, serve } from '../src/node.js'
import { createStatelessFetchHandler, type StatelessFetchHandlerOptions } from '../src/stateless.js'
import { expectSpec, type Json, MODERN, makeServer, modernHeaders, modernMeta, post } from './helpers.js'
import { httpPeer } from './peer.js'

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function start(options?: StatelessFetchHandlerOptions) {
  running = await serve({ fetch: createStatelessFetchHandler(makeServer(), options) })
  return `${running.url}/`
}

describe('createStatelessFetchHandler: 2026-07-28 only, over node:http', () => {
  it('serves a 2026-07-28 client through the client transport: list, call with header arguments, progress', async () => {
    const url = await start()
    const peer = httpPeer(url)
    const list = await peer.modern('tools/list')
    expectSpec(MODERN, 'ListToolsResult', list.result)
    expect(list.result.tools.map((t: Json) => t.name)).toContain('add')
    const sum = await peer.modern('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })
    expect(sum.result.content).toEqual([{ type: 'text', text: '5' }])
    const query = await peer.modern('tools/call', {
      name: 'query',
      arguments: { region: 'Zürich', sql: 'q' },
    })
    expect(query.result.content[0].text).toBe('Zürich:q')
    // Progress before the result: the answer switches to SSE, as with the full handler.
    const slow = await peer.modern('tools/call', {
      name: 'slow',
      arguments: { steps: 2 },
      _meta: { progressToken: 'p' },
    })
    expect(slow.result.content[0].text).toBe('done 2')
    const progress = peer.received.filter((m) => m.method === 'notifications/progress')
    expect(progress.map((m) => m.params.progress)).toEqual([1, 2])
    expect(peer.errors).toEqual([])
    await peer.transport.close()
  })

  it('answers a legacy initialize with the unsupported-version error naming 2026-07-28', async () => {
    const url = await start()
    const r = await post(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    })
    expect(r.status).toBe(400)
    expect(r.headers.get('mcp-session-id')).toBeNull()
    const body = (await r.json()) as Json
    expect(body.id).toBe(1)
    expect(body.error.code).toBe(new UnsupportedProtocolVersionError('', []).code)
    expect(body.error.data).toEqual({ supported: [MODERN], requested: '2025-11-25' })
  })

  it('refuses what a sessionless endpoint does not serve, with the full handler’s statuses', async () => {
    const url = await start()
    const get = await fetch(url, { headers: { Accept: 'text/event-stream' } })
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(405)
    // A request without its version in _meta is a malformed modern request.
    const bare = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, modernHeaders('tools/list'))
    expect(bare.status).toBe(400)
    expect(((await bare.json()) as Json).error.code).toBe(-32602)
    // Mirrored headers are checked as in createMcpFetchHandler.
    const mismatch = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add', arguments: {}, _meta: modernMeta() },
      },
      modernHeaders('tools/call', 'other'),
    )
    expect(mismatch.status).toBe(400)
    expect(((await mismatch.json()) as Json).error.code).toBe(-32020)
    const foreign = await post(
      url,
      { jsonrpc: '2.0', id: 4, method: 'ping' },
      { Origin: 'https://evil.example' },
    )
    expect(foreign.status).toBe(403)
    const jsonOnly = await post(
      url,
      { jsonrpc: '2.0', id: 5, method: 'ping' },
      { Accept: 'application/json' },
    )
    expect(jsonOnly.status).toBe(406)
  })

  it('jsonResponse keeps answers JSON; maxBodyBytes bounds the body', async () => {
    const url = await start({ jsonResponse: true, maxBodyBytes: 2048 })
    const slow = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'slow', arguments: { steps: 2 }, _meta: modernMeta({ progressToken: 1 }) },
      },
      modernHeaders('tools/call', 'slow'),
    )
    expect(slow.headers.get('content-type')).toContain('application/json')
    expect(((await slow.json()) as Json).result.content[0].text).toBe('done 2')
    const big = await post(
      url,
      { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: modernMeta(), pad: 'x'.repeat(4096) } },
      modernHeaders('ping'),
    )
    expect(big.status).toBe(413)
  })

  it('bounds subscriptions/listen streams per client (429 with Retry-After)', async () => {
    const url = await start({ maxStreamsPerClient: 1, clientAddress: () => '192.0.2.1' })
    const listen = (id: number) =>
      post(
        url,
        {
          jsonrpc: '2.0',
          id,
          method: 'subscriptions/listen',
          params: { notifications: { toolsListChanged: true }, _meta: modernMeta() },
        },
        modernHeaders('subscriptions/listen'),
      )
    const first = await listen(1)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('text/event-stream')
    const second = await listen(2)
    expect(second.status).toBe(429)
    expect(second.headers.get('retry-after')).toBe('30')
    await first.body?.cancel()
    // The first stream's end gives the share back.
    await expect
      .poll(async () => {
        const again = await listen(3)
        await again.body?.cancel()
        return again.status
      })
      .toBe(200)
  })
})
