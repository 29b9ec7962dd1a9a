import { afterEach, describe, expect, it } from 'vitest'
import { InMemoryEventStore } from '../src/event-store.js'
import { createMcpHandler } from '../src/handler.js'
import type { McpHandlerOptions } from '../src/options.js'
import { type RunningServer, serve } from '../src/node.js'
import { StoreUnavailableError } from '../src/store-error.js'
import { expectLegacyMessage, type Json, makeServer, sseEvents, strip } from './helpers.js'
import { httpPeer } from './peer.js'

const REV = '2025-11-25'
let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** A server whose `ticker` tool reports `steps` progress notifications, `intervalMs` apart. */
async function start(options: McpHandlerOptions = {}) {
  const server = makeServer()
  server.tool(
    'ticker',
    { inputSchema: { type: 'object', properties: { steps: { type: 'integer' } } } },
    async (args, ctx) => {
      const steps = Number(args.steps)
      for (let i = 1; i <= steps; i++) {
        await new Promise((r) => setTimeout(r, 15))
        await ctx.progress(i, steps)
      }
      return { content: [{ type: 'text', text: `ticked ${steps}` }] }
    },
  )
  const mcp = createMcpHandler(server, options)
  running = await serve(mcp)
  return { url: `${running.url}/`, mcp }
}

async function session(url: string) {
  const peer = httpPeer(url)
  await peer.initialize(REV)
  const headers = { 'Mcp-Session-Id': peer.transport.sessionId as string, 'MCP-Protocol-Version': REV }
  return { peer, headers }
}

const tickerCall = (id: number, steps: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'ticker', arguments: { steps }, _meta: { progressToken: `t${id}` } },
  })

describe('Last-Event-ID resumption (2025-11-25)', () => {
  it.each([
    ['while the tool still runs (replay, then live)', 0],
    ['after it finished (replay including the response)', 400],
  ])('a dropped POST stream resumes %s: nothing lost, nothing twice', async (_label, waitMs) => {
    const { url } = await start()
    const { peer, headers } = await session(url)
    const abort = new AbortController()
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: tickerCall(5, 8),
      signal: abort.signal,
    })
    const first = sseEvents(res)
    const seen: Json[] = []
    let lastId = (await first.next())?.lastEventId as string
    for (let i = 0; i < 3; i++) {
      const m = (await first.message()) as Json
      seen.push(strip(m))
      lastId = m.__id
    }
    abort.abort()
    await new Promise((r) => setTimeout(r, waitMs))

    const resumed = await fetch(url, {
      headers: { ...headers, Accept: 'text/event-stream', 'Last-Event-ID': lastId },
    })
    expect(resumed.status).toBe(200)
    const rest = await sseEvents(resumed).rest()
    const all = [...seen, ...rest.map(strip)]
    const progress = all.filter((m) => m.method === 'notifications/progress').map((m) => m.params.progress)
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const responses = all.filter((m) => m.id === 5)
    expect(responses).toHaveLength(1)
    expect(responses[0]?.result.content[0].text).toBe('ticked 8')
    for (const m of all) expectLegacyMessage(REV, m)
    await peer.transport.close()
  })

  it('refuses a Last-Event-ID of another session or an unknown one', async () => {
    const { url } = await start()
    const a = await session(url)
    const b = await session(url)
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        ...a.headers,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: tickerCall(1, 1),
    })
    const events = sseEvents(res)
    const primingId = (await events.next())?.lastEventId as string
    await events.rest()
    const foreign = await fetch(url, {
      headers: { ...b.headers, Accept: 'text/event-stream', 'Last-Event-ID': primingId },
    })
    expect(foreign.status).toBe(400)
    const unknown = await fetch(url, {
      headers: { ...a.headers, Accept: 'text/event-stream', 'Last-Event-ID': 'zzz:1' },
    })
    expect(unknown.status).toBe(400)
    const own = await fetch(url, {
      headers: { ...a.headers, Accept: 'text/event-stream', 'Last-Event-ID': primingId },
    })
    expect(own.status).toBe(200)
    expect((await sseEvents(own).rest()).map((m) => m.id ?? m.method)).toEqual(['notifications/progress', 1])
    await a.peer.transport.close()
    await b.peer.transport.close()
  })

  it('the client transport follows server-closed connections (polling) and honours retry', async () => {
    const { url } = await start({ sseConnectionLifetimeMs: 40, retryMs: 10 })
    // Without the server's retry (10 ms) the client would wait this long to reconnect: the test would hang
    // until its timeout instead of passing, whatever the machine's speed.
    const peer = httpPeer(url, { reconnectDelayMs: 3_600_000 })
    await peer.initialize(REV)
    const r = await peer.request('tools/call', {
      name: 'ticker',
      arguments: { steps: 12 },
      _meta: { progressToken: 'x' },
    })
    expect(r.result.content[0].text).toBe('ticked 12')
    const progress = peer.received
      .filter((m) => m.method === 'notifications/progress')
      .map((m) => m.params.progress)
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(peer.errors).toEqual([])
    await peer.transport.close()
  })

  it('closeSseStream switches a JSON answer to SSE and lets the client resume it', async () => {
    const server = makeServer()
    let mcp: ReturnType<typeof createMcpHandler> | undefined
    server.tool('reconnect', {}, async (_args, ctx) => {
      expect(mcp?.closeSseStream(ctx.sessionId as string, ctx.requestId)).toBe(true)
      await new Promise((r) => setTimeout(r, 50))
      return { content: [{ type: 'text', text: 'after reconnect' }] }
    })
    mcp = createMcpHandler(server, { retryMs: 10 })
    running = await serve(mcp)
    const peer = httpPeer(`${running.url}/`)
    await peer.initialize(REV)
    const r = await peer.request('tools/call', { name: 'reconnect' })
    expect(r.result.content[0].text).toBe('after reconnect')
    await peer.transport.close()
  })

  it('a resumption whose replay fails after the lookup ends its connection: the client comes back', async () => {
    // A shared store can go away between the GET's lookup of Last-Event-ID and the stream's replay (Redis
    // restarting). That connection was never attached to the stream: left open, it kept the client waiting
    // for a response that would never reach it (keep-alives only) — a hang. It must end, and a later
    // resumption must get everything.
    class StoreGoingAway extends InMemoryEventStore {
      /** Replays served before the store "goes away"; later ones fail as an unreachable shared store does. */
      allowed = Number.POSITIVE_INFINITY
      override async replayAfter(eventId: string) {
        if (this.allowed-- <= 0) throw new StoreUnavailableError('the store is restarting')
        return super.replayAfter(eventId)
      }
    }
    const store = new StoreGoingAway()
    const server = makeServer()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    server.tool('gated', {}, async (_args, ctx) => {
      await ctx.progress(1, 2)
      await gate
      await ctx.progress(2, 2)
      return { content: [{ type: 'text', text: 'released' }] }
    })
    running = await serve(createMcpHandler(server, { eventStore: store }))
    const url = `${running.url}/`
    const { peer, headers } = await session(url)
    const abort = new AbortController()
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'gated', arguments: {}, _meta: { progressToken: 'g' } },
      }),
      signal: abort.signal,
    })
    const first = sseEvents(res)
    const progress1 = (await first.message()) as Json
    expect(progress1.params.progress).toBe(1)
    abort.abort()

    // The stream is live here; the GET's own lookup succeeds, the stream's replay fails.
    store.allowed = 1
    const failed = await fetch(url, {
      headers: { ...headers, Accept: 'text/event-stream', 'Last-Event-ID': progress1.__id },
    })
    expect(failed.status).toBe(200)
    expect(await sseEvents(failed).rest()).toEqual([])

    // The store is back: the next resumption replays nothing missed twice and carries on live to the end.
    store.allowed = Number.POSITIVE_INFINITY
    const resumed = sseEvents(
      await fetch(url, {
        headers: { ...headers, Accept: 'text/event-stream', 'Last-Event-ID': progress1.__id },
      }),
    )
    release()
    const rest = (await resumed.rest()).map(strip)
    expect(rest.map((m) => m.params?.progress ?? m.result?.content[0].text)).toEqual([2, 'released'])
    await peer.transport.close()
  })
})
