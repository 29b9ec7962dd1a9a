import { afterEach, describe, expect, it } from 'vitest'
import type { AbortSignalLike } from '@edgemcp/core'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'
import { expectSpec, MODERN, makeServer, modernMeta } from './helpers.js'
import { httpPeer } from './peer.js'

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function start(server = makeServer()) {
  running = await serve(createMcpHandler(server))
  return { server, url: `${running.url}/` }
}

describe('2026-07-28 over loopback HTTP with the client transport', () => {
  it('mirrors method, name and x-mcp-header arguments (Base64 when needed) so the server accepts them', async () => {
    const { url } = await start()
    const sent: Headers[] = []
    const peer = httpPeer(url, {
      fetch: (input, init) => {
        sent.push(new Headers(init?.headers))
        return fetch(input, init)
      },
    })
    const list = await peer.modern('tools/list')
    expectSpec(MODERN, 'ListToolsResult', list.result)
    const r = await peer.modern('tools/call', {
      name: 'query',
      arguments: { region: 'Zürich', limit: 5, sql: 'q' },
    })
    expect(r.result.content[0].text).toBe('Zürich:q')
    const h = sent.at(-1) as Headers
    expect(h.get('mcp-method')).toBe('tools/call')
    expect(h.get('mcp-name')).toBe('query')
    expect(h.get('mcp-protocol-version')).toBe(MODERN)
    expect(h.get('mcp-param-region')).toBe(`=?base64?${Buffer.from('Zürich').toString('base64')}?=`)
    expect(h.get('mcp-param-limit')).toBe('5')
    expect(h.get('mcp-session-id')).toBeNull()
    await peer.transport.close()
  })

  it('drops tools whose x-mcp-header annotations are invalid from tools/list, with a warning', async () => {
    const server = makeServer()
    server.tool(
      'bad',
      { inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } },
      () => ({ content: [] }),
    )
    const { url } = await start(server)
    const warnings: string[] = []
    const peer = httpPeer(url, { onWarning: (w) => warnings.push(w) })
    const list = await peer.modern('tools/list')
    const names = list.result.tools.map((t: { name: string }) => t.name)
    expect(names).toContain('query')
    expect(names).not.toContain('bad')
    expect(warnings.join()).toContain('"bad"')
    await peer.transport.close()
  })

  it('subscriptions/listen delivers tools/list_changed after a tool is added; cancel closes the stream', async () => {
    const { url, server } = await start()
    const peer = httpPeer(url)
    void peer.modern('subscriptions/listen', { notifications: { toolsListChanged: true } }, 'listen-1')
    const ack = await peer.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged')
    expectSpec(MODERN, 'ServerNotification', ack)
    server.tool('late', {}, () => ({ content: [] }))
    const changed = await peer.waitFor((m) => m.method === 'notifications/tools/list_changed')
    expect(changed.params._meta['io.modelcontextprotocol/subscriptionId']).toBe('listen-1')
    await peer.transport.cancel('listen-1', 'done')
    expect(peer.errors).toEqual([])
    await peer.transport.close()
  })

  it('closing a request stream cancels the request (modern cancellation)', async () => {
    const server = makeServer()
    server.tool('hang', {}, async (_args, ctx) => {
      await ctx.progress(1)
      await new Promise((r) => setTimeout(r, 300))
      return { content: [] }
    })
    // The signal the transport hands to the engine for this request.
    const signals: AbortSignalLike[] = []
    const handle = server.handle.bind(server)
    server.handle = (value, options) => {
      if (options?.signal) signals.push(options.signal)
      return handle(value, options)
    }
    const { url } = await start(server)
    const peer = httpPeer(url)
    void peer.modern('tools/call', { name: 'hang', _meta: { progressToken: 'h' } }, 'h1')
    await peer.waitFor((m) => m.method === 'notifications/progress')
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(false)
    // A notifications/cancelled for a modern request is turned into closing its stream, not POSTed.
    await peer.notify('notifications/cancelled', { requestId: 'h1', reason: 'user gave up' })
    await new Promise<void>((resolve) => {
      if (signals[0]?.aborted) resolve()
      else signals[0]?.addEventListener('abort', () => resolve())
    })
    expect(peer.received.some((m) => m.id === 'h1')).toBe(false)
    expect(signals).toHaveLength(1)
    await peer.transport.close()
  })

  it('20 concurrent stateless clients with the same JSON-RPC ids each get their own answer', async () => {
    const { url } = await start()
    const peers = Array.from({ length: 20 }, () => httpPeer(url))
    const answers = await Promise.all(
      peers.map((p, i) => p.modern('tools/call', { name: 'add', arguments: { a: i, b: 1000 } }, 1)),
    )
    answers.forEach((a, i) => {
      expect(a.id).toBe(1)
      expect(a.result.content[0].text).toBe(String(i + 1000))
    })
    await Promise.all(peers.map((p) => p.transport.close()))
  })

  it('a header mismatch reaches the caller as a JSON-RPC error (-32020), not a transport failure', async () => {
    const { url } = await start()
    const peer = httpPeer(url, { headers: { 'Mcp-Name': 'not-the-tool' } })
    // Custom headers are sent as given; mirrored ones override them: this one is for a method without a name.
    const ok = await peer.modern('tools/list')
    expect(ok.result).toBeDefined()
    const bad = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': MODERN,
        'Mcp-Method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add', _meta: modernMeta() },
      }),
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.code).toBe(-32020)
    await peer.transport.close()
  })
})

describe('serve() DNS-rebinding defaults', () => {
  it('on loopback, refuses foreign Host and Origin headers with 403 and accepts its own', async () => {
    const { url } = await start()
    const { request } = await import('node:http')
    const port = Number(new URL(url).port)
    const post = (host: string, origin = `http://${host}`) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'x', version: '1' },
          },
        })
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/',
            headers: {
              Host: host,
              ...(origin ? { Origin: origin } : {}),
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
            },
          },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    expect(await post('evil.example.com')).toBe(403)
    // The Host alone is enough to refuse (with a loopback Origin), and enough to pass (with none).
    expect(await post('evil.example.com', `http://127.0.0.1:${port}`)).toBe(403)
    expect(await post(`127.0.0.1:${port}`, '')).toBe(200)
    expect(await post(`127.0.0.1:${port}`)).toBe(200)
    expect(await post(`localhost:${port}`)).toBe(200)
    // serve() remembers the Host values it accepted (at most 16): a foreign one stays refused after them, and
    // an accepted one stays accepted after more than 16 others have come and gone
    for (let p = 1; p <= 20; p++) expect(await post(`127.0.0.1:${p}`)).toBe(200)
    expect(await post('evil.example.com')).toBe(403)
    expect(await post(`evil.example.com:${port}`)).toBe(403)
    expect(await post(`localhost:${port}`)).toBe(200)
  })
})
