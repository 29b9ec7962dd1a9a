import type { ServerSession } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { appClient, BASE } from './app-client.js'
import { makeServer, slowCall, sseEvents } from './helpers.js'

const REV = '2025-11-25'

describe('hooks for hosts (Durable Objects, Workers)', () => {
  it('sessionId: an initialize creates its session with the id the host gives', async () => {
    const mcp = createMcpHandler(makeServer(), {
      sessionId: (c) => c.req.header('x-minted') ?? undefined,
    })
    const client = appClient(mcp)
    const minted = 'ab'.repeat(16)
    const res = await client.post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { 'X-Minted': minted },
    )
    expect(res.headers.get('mcp-session-id')).toBe(minted)
    expect((await mcp.sessions.get(minted))?.protocolVersion).toBe(REV)
    const random = await client.initialize(REV)
    expect(random.sessionId).toMatch(/^[0-9a-f]{32}$/)
    expect(random.sessionId).not.toBe(minted)
  })

  it('onSessionChange: after initialize and setLevel, before the answer; not after other calls', async () => {
    const seen: string[] = []
    let release: () => void = () => {}
    const mcp = createMcpHandler(makeServer(), {
      onSessionChange: async (session: ServerSession) => {
        seen.push(`${session.logLevel ?? '-'} [${[...session.subscriptions].join(',')}]`)
        await new Promise<void>((r) => {
          release = r
          if (seen.length !== 2) r()
        })
      },
    })
    const client = appClient(mcp)
    const { headers } = await client.initialize(REV)
    expect(seen).toEqual(['- []'])
    // The answer waits for the hook.
    let answered = false
    const setLevel = Promise.resolve(
      client.post({ jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } }, headers),
    ).then((r) => {
      answered = true
      return r
    })
    await expect.poll(() => seen.length).toBe(2)
    await new Promise((r) => setTimeout(r, 20))
    expect(answered).toBe(false)
    release()
    expect((await setLevel).status).toBe(200)
    await client.post(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
      headers,
    )
    await client.post({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, headers)
    expect(seen).toHaveLength(2)
  })

  it('onSessionChange also runs before the end of a streamed answer', async () => {
    const server = makeServer()
    server.tool('progress-once', {}, async (_args, ctx) => {
      await ctx.progress(1, 1)
      return { content: [{ type: 'text', text: 'ok' }] }
    })
    let hooked = 0
    let release: () => void = () => {}
    const mcp = createMcpHandler(server, {
      onSessionChange: () => {
        hooked++
        return new Promise<void>((r) => {
          release = r
          if (hooked === 1) r() // initialize
        })
      },
    })
    const client = appClient(mcp)
    const { headers } = await client.initialize('2025-03-26')
    // A 2025-03-26 batch: a call that streams progress, and a setLevel.
    const res = await client.post(
      [
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'tools/call',
          params: { name: 'progress-once', _meta: { progressToken: 1 } },
        },
        { jsonrpc: '2.0', id: 6, method: 'logging/setLevel', params: { level: 'debug' } },
      ],
      { 'Mcp-Session-Id': headers['Mcp-Session-Id'] },
    )
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const events = sseEvents(res)
    expect((await events.message())?.method).toBe('notifications/progress')
    await expect.poll(() => hooked).toBe(2)
    let answered = false
    const answer = events.message().then((m) => {
      answered = true
      return m
    })
    await new Promise((r) => setTimeout(r, 50))
    expect(answered).toBe(false) // the answers wait for the hook
    release()
    expect((await answer)?.id).toBe(5)
    expect((await events.rest()).map((m) => m.id)).toEqual([6])
  })

  it('waitUntil: each SSE stream is handed over until it ends; JSON answers hand over nothing', async () => {
    const held: Array<Promise<unknown>> = []
    let settled = 0
    const mcp = createMcpHandler(makeServer(), {
      waitUntil: (_c, p) => {
        held.push(p)
        void p.then(() => settled++)
      },
    })
    const client = appClient(mcp)
    const { headers } = await client.initialize(REV)
    await client.post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)
    expect(held).toHaveLength(0)
    const streamed = await client.post(slowCall(3, 2), headers)
    expect(held).toHaveLength(1)
    await sseEvents(streamed).rest()
    await expect.poll(() => settled).toBe(1)
    const standalone = sseEvents(await client.get(headers))
    await standalone.next()
    expect(held).toHaveLength(2)
    expect(settled).toBe(1)
    await standalone.cancel()
    await expect.poll(() => settled).toBe(2)
  })

  it("waitUntil defaults to the execution context's", async () => {
    const held: Array<Promise<unknown>> = []
    const mcp = createMcpHandler(makeServer())
    const ctx = {
      waitUntil: (p: Promise<unknown>) => held.push(p),
      passThroughOnException: () => {},
      props: {},
    }
    const init = await mcp.request(
      BASE,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      },
      undefined,
      ctx,
    )
    const sessionId = init.headers.get('mcp-session-id') as string
    const get = await mcp.request(
      BASE,
      { headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': sessionId } },
      undefined,
      ctx,
    )
    expect(get.status).toBe(200)
    expect(held).toHaveLength(1)
    await get.body?.cancel()
    await held[0]
  })
})

describe('HEAD', () => {
  it('is 405 without side effects: no standalone stream opened, none replaced', async () => {
    const mcp = createMcpHandler(makeServer(), { keepAliveMs: 0 })
    const client = appClient(mcp)
    const { headers } = await client.initialize(REV)
    const standalone = sseEvents(await client.get(headers))
    expect(await standalone.next()).toMatchObject({ data: '' })
    for (const extra of [{}, { 'Last-Event-ID': 'x:0' }]) {
      const head = await mcp.request(BASE, {
        method: 'HEAD',
        headers: { Accept: 'text/event-stream', ...headers, ...extra },
      })
      expect(head.status).toBe(405)
      expect(head.headers.get('allow')).toBe('GET, POST, DELETE')
    }
    // The standalone stream is still the one open: a second GET conflicts, a list change reaches it.
    expect((await client.get(headers)).status).toBe(409)
    const session = (await mcp.sessions.get(headers['Mcp-Session-Id'])) as ServerSession
    expect(session.hasStandaloneChannel).toBe(true)
    await standalone.cancel()
  })
})
