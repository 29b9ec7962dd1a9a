import {
  abortAllDurableObjects,
  env,
  listDurableObjectIds,
  runDurableObjectAlarm,
  runInDurableObject,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { McpSessionObjectInstance } from '../src/index.js'
import type { Env } from './fixtures/worker.js'
import { connect, initializeBody, MCP_URL, post, rawSession, SseReader, workerFetch } from './helpers.js'

const testEnv = env as unknown as Env
const stubOf = (sessionId: string) => testEnv.MCP_SESSION.get(testEnv.MCP_SESSION.idFromName(sessionId))
const inSession = <R>(sessionId: string, fn: (o: McpSessionObjectInstance) => R | Promise<R>) =>
  runInDurableObject(stubOf(sessionId), (o) => fn(o as unknown as McpSessionObjectInstance))
const storedSessions = (sessionId: string) =>
  inSession(sessionId, (o) => {
    const sql = (o as any).ctx.storage.sql
    const tables = [...sql.exec("SELECT 1 FROM sqlite_master WHERE type='table' AND name='mcp_session'")]
    return tables.length === 0 ? [] : [...sql.exec('SELECT id FROM mcp_session')]
  })

const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]?.text

describe('legacy sessions in Durable Objects', () => {
  it('serves one session across Worker invocations and after its object is re-instantiated', async () => {
    const { client, transport } = await connect('legacy')
    const id = transport.sessionId as string
    expect(id).toMatch(/^[0-9a-f]{64}$/) // signed (MCP_MRTR_SECRET is set)
    expect(textOf(await client.callTool({ name: 'whereami' }))).toBe(`session legacy ${id}`)
    await client.setLoggingLevel('debug')
    await client.subscribeResource({ uri: 'item://1' })

    await abortAllDurableObjects()
    expect(await inSession(id, (o) => o.store.loaded)).toBeUndefined()

    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe(
      'still here',
    )
    const restored = await inSession(id, (o) => o.store.loaded?.snapshot())
    expect(restored).toMatchObject({
      id,
      protocolVersion: '2025-11-25',
      logLevel: 'debug',
      subscriptions: ['item://1'],
      initialized: true,
    })
    await client.close()
  })

  it('carries an elicitation round trip whose answer is POSTed in another invocation', async () => {
    const { client } = await connect('legacy', {
      handlers: { elicit: async () => ({ action: 'accept', content: { ok: true } }) },
    })
    expect(textOf(await client.callTool({ name: 'confirm' }))).toBe('accept {"ok":true}')
    await client.close()
  })

  it('resumes a stream with Last-Event-ID after the object was evicted', async () => {
    const headers = await rawSession()
    const r = await post(
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'count', arguments: { n: 3 }, _meta: { progressToken: 'p' } },
      },
      headers,
    )
    expect(r.headers.get('content-type')).toContain('text/event-stream')
    const sse = new SseReader(r)
    const first = await sse.message()
    expect(first.message).toMatchObject({ method: 'notifications/progress', params: { progress: 1 } })
    await sse.cancel()

    await abortAllDurableObjects()
    const resumed = await workerFetch(MCP_URL, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': first.id as string },
    })
    expect(resumed.status).toBe(200)
    const replay = new SseReader(resumed)
    expect((await replay.message()).message).toMatchObject({ params: { progress: 2 } })
    expect((await replay.message()).message).toMatchObject({ params: { progress: 3 } })
    expect((await replay.message()).message).toMatchObject({
      id: 7,
      result: { content: [{ text: 'counted 3' }] },
    })
  })

  it('lets a handler close its SSE connection for the client to poll (closeSseStream)', async () => {
    const headers = await rawSession()
    const sse = new SseReader(
      await post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'poll' } }, headers),
    )
    const priming = await sse.next()
    expect(priming?.id).toBeDefined()
    let next = await sse.next()
    while (next && !next.data && next.comment !== undefined) next = await sse.next()
    expect(next?.data).toBeUndefined() // only `retry`, then the connection ends
    expect(await sse.next()).toBeUndefined()
    const resumed = new SseReader(
      await workerFetch(MCP_URL, {
        headers: { ...headers, accept: 'text/event-stream', 'last-event-id': priming?.id as string },
      }),
    )
    expect((await resumed.message()).message).toMatchObject({
      id: 5,
      result: { content: [{ text: 'closed true' }] },
    })
  })

  it('answers a late answer to a request of an earlier instance clearly, and never reuses its id', async () => {
    const headers = await rawSession({ elicitation: {} })
    const call = (id: number) =>
      post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'confirm' } }, headers)
    const first = new SseReader(await call(1))
    const asked = (await first.message()).message
    expect(asked).toMatchObject({ method: 'elicitation/create' })
    await first.cancel()

    await abortAllDurableObjects()
    const late = await post(
      { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { ok: true } } },
      headers,
    )
    expect(late.status).toBe(400)
    expect((await late.json()) as object).toMatchObject({
      error: { code: -32600, message: expect.stringContaining('earlier instance') },
    })

    const second = new SseReader(await call(2))
    const again = (await second.message()).message
    expect(again.method).toBe('elicitation/create')
    expect(again.id).not.toBe(asked.id)
    await second.cancel()
  })

  it('fails a server→client request that gets no answer with a timeout', async () => {
    const headers = await rawSession({ elicitation: {} })
    const sse = new SseReader(
      await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'confirm' } }, headers),
    )
    expect((await sse.message()).message.method).toBe('elicitation/create')
    const outcome = (await sse.message(4_000)).message
    expect(JSON.stringify(outcome)).toMatch(/timed out/i)
  })

  it('keeps the standalone stream alive with keep-alive comments', async () => {
    const headers = await rawSession()
    const r = await workerFetch(MCP_URL, { headers: { ...headers, accept: 'text/event-stream' } })
    expect(r.status).toBe(200)
    const sse = new SseReader(r)
    let comment: string | undefined
    for (let i = 0; i < 4 && comment === undefined; i++) comment = (await sse.next(2_500))?.comment
    expect(comment).toBeDefined()
    await sse.cancel()
  })

  it('answers HEAD with 405 and opens no stream (Hono hands HEAD to GET routes)', async () => {
    const headers = await rawSession()
    for (const h of [headers, {}]) {
      const head = await workerFetch(MCP_URL, {
        method: 'HEAD',
        headers: { ...h, accept: 'text/event-stream' },
      })
      expect(head.status).toBe(405)
      expect(head.headers.get('allow')).toBe('GET, POST, DELETE')
    }
    expect(
      await inSession(headers['mcp-session-id'] as string, (o) => o.store.loaded?.hasStandaloneChannel),
    ).toBe(false)
    const get = await workerFetch(MCP_URL, { headers: { ...headers, accept: 'text/event-stream' } })
    expect(get.status).toBe(200)
    await get.body?.cancel()
  })

  it('never creates a session for an unknown or malformed session id', async () => {
    const unknown = 'ab'.repeat(16)
    const r = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': unknown })
    expect(r.status).toBe(404)
    expect(await storedSessions(unknown)).toEqual([])

    const before = (await listDurableObjectIds(testEnv.MCP_SESSION)).length
    const bad = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-session-id': 'not-a-session' },
    )
    expect(bad.status).toBe(404)
    expect((await listDurableObjectIds(testEnv.MCP_SESSION)).length).toBe(before)
  })

  it('forgets everything of a session on DELETE', async () => {
    const headers = await rawSession()
    const id = headers['mcp-session-id'] as string
    const r = await workerFetch(MCP_URL, { method: 'DELETE', headers })
    expect(r.status).toBe(200)
    expect(await storedSessions(id)).toEqual([])
    const after = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)
    expect(after.status).toBe(404)
  })

  it('deletes a session left unused for longer than its time to live', async () => {
    const headers = await rawSession()
    const id = headers['mcp-session-id'] as string
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true) // recently used: checks again later
    expect(await storedSessions(id)).toEqual([{ id }])
    await inSession(id, (o) => {
      ;(o as any).ctx.storage.sql.exec('UPDATE mcp_session SET last_activity = 0')
      if (o.store.loaded) o.store.loaded.lastActivity = 0
    })
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true)
    expect(await storedSessions(id)).toEqual([])
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)).status).toBe(404)
  })

  it('serves the legacy HTTP+SSE transport on the same path', async () => {
    const r = await workerFetch(MCP_URL, { headers: { accept: 'text/event-stream' } })
    expect(r.status).toBe(200)
    const sse = new SseReader(r)
    const endpoint = await sse.next()
    expect(endpoint?.data).toMatch(/^\/mcp\?sessionId=[0-9a-f]{64}$/)
    const url = new URL(endpoint?.data as string, MCP_URL).toString()
    const send = (body: unknown) =>
      workerFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await send(initializeBody('2024-11-05'))).status).toBe(202)
    expect((await sse.message()).message).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } })
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    await send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'sse' } },
    })
    expect((await sse.message()).message).toMatchObject({ id: 2, result: { content: [{ text: 'sse' }] } })
    // A message that is not UTF-8 (sized or chunked) is refused by its session, as on Node: 400, parse error.
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0","id":4,"method":"ping","x":"'))
          controller.enqueue(new Uint8Array([0xe2, 0x82]))
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
        },
      })
    for (const body of [new Uint8Array([0x7b, 0xff, 0x7d]), chunked()]) {
      const r = await workerFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit)
      expect([r.status, ((await r.json()) as { error?: { code: number } }).error?.code]).toEqual([
        400, -32700,
      ])
    }
    // A message over the size limit (4 MiB by default) gets 413 from its live session, as on Node.
    const big = await workerFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"jsonrpc":"2.0","id":6,"method":"ping","x":"${'x'.repeat(4 * 1024 * 1024)}"}`,
    })
    expect(big.status).toBe(413)
    await send({ jsonrpc: '2.0', id: 5, method: 'ping' })
    expect((await sse.message()).message).toMatchObject({ id: 5, result: {} })
    await sse.cancel()
    // The stream is gone, and with it the session (it leaves the session object's SSE store).
    await expect.poll(async () => (await send({ jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(404)
  })
})
