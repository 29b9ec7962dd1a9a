import { describe, expect, it } from 'vitest'
import { validateAgainstSpec } from '../../core/test/helpers/spec-validator.js'
import { EventReader, type Json, post, sseTestbed } from './helpers.js'

const V = '2024-11-05'
/** A session on the HTTP+SSE transport may negotiate a later revision; elicitation exists since 2025-06-18. */
const ELICITING = '2025-06-18'
const init = (id: number | string = 1, protocolVersion = V) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: { elicitation: {} }, clientInfo: { name: 'raw', version: '1' } },
})

function expectSpec(defName: string, value: unknown): void {
  expect(validateAgainstSpec(V, defName, value).errors, JSON.stringify(value)).toEqual([])
}

const { start, keep } = sseTestbed()

/** Opens a stream and returns the absolute endpoint URL. */
async function connect(handlerUrl: string, ssePath = '/sse') {
  const { response, reader } = await EventReader.open(`${handlerUrl}${ssePath}`)
  keep(reader)
  expect(response.status).toBe(200)
  const endpoint = await reader.endpoint()
  return { response, reader, endpoint, postUrl: new URL(endpoint, handlerUrl).href }
}

/** Opens and initializes a session (2024-11-05 unless told; elicitation needs 2025-06-18 or later). */
async function session(url: string, protocolVersion = V) {
  const c = await connect(url)
  expect((await post(c.postUrl, init(1, protocolVersion))).status).toBe(202)
  await c.reader.message((m) => m.id === 1)
  expect((await post(c.postUrl, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202)
  return c
}

describe('legacy HTTP+SSE server', () => {
  it('opens a stream whose first event is endpoint, and answers POSTs as message events', async () => {
    const { url, handler } = await start()
    const { response, reader, endpoint, postUrl } = await connect(url)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(reader.events[0]?.event).toBe('endpoint')
    expect(endpoint).toMatch(/^\/messages\?sessionId=[0-9a-f]{32}$/)
    expect(handler.openStreams).toBe(1)

    const accepted = await post(postUrl, init())
    expect(accepted.status).toBe(202)
    const initialized = await reader.message((m) => m.id === 1)
    expect(initialized.result.protocolVersion).toBe(V)
    expectSpec('JSONRPCResponse', initialized)
    expectSpec('InitializeResult', initialized.result)
    await post(postUrl, { jsonrpc: '2.0', method: 'notifications/initialized' })

    await post(postUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' })
    const tools = await reader.message((m) => m.id === 2)
    expectSpec('ListToolsResult', tools.result)
    expect(tools.result.tools.map((t: Json) => t.name)).toEqual(['add', 'ask'])
    await post(postUrl, {
      jsonrpc: '2.0',
      id: 'c',
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 2, b: 3 } },
    })
    const called = await reader.message((m) => m.id === 'c')
    expect(called.result.content).toEqual([{ type: 'text', text: '5' }])
    // Every message event is one line of JSON.
    for (const e of reader.events.filter((x) => x.event === 'message')) expect(e.data).not.toContain('\n')
  })

  it('announces the endpoint under the mount path', async () => {
    const { url } = await start({ ssePath: 'events', messagesPath: '/rpc' }, '/legacy')
    const { endpoint, reader, postUrl } = await connect(url, '/events')
    expect(endpoint).toMatch(/^\/legacy\/rpc\?sessionId=[0-9a-f]{32}$/)
    expect((await post(postUrl, init())).status).toBe(202)
    await reader.message((m) => m.id === 1)
  })

  it('gives every stream its own unguessable session', async () => {
    const { url } = await start()
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++)
      ids.add(new URL((await connect(url)).postUrl).searchParams.get('sessionId') ?? '')
    expect(ids.size).toBe(5)
  })

  it('sends keep-alive comments', async () => {
    const { url } = await start({ keepAliveMs: 30 })
    const { reader } = await connect(url)
    await reader.until(() => reader.comments >= 2)
  })

  it('round-trips a server→client request (elicitation) over the stream', async () => {
    const { url } = await start()
    const { reader, postUrl } = await session(url, ELICITING)
    await post(postUrl, {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'ask', arguments: {} },
    })
    const ask = await reader.message((m) => m.method === 'elicitation/create')
    expectSpec('JSONRPCRequest', ask)
    const answer = { jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { name: 'Ada' } } }
    expect((await post(postUrl, answer)).status).toBe(202)
    const done = await reader.message((m) => m.id === 7)
    expect(done.result.content[0].text).toBe('hello Ada (accept)')
  })

  it('carries progress of a request and unrelated notifications (list_changed) on the stream', async () => {
    const { url, server } = await start()
    const { reader, postUrl } = await session(url)
    server.tool('slow', {}, async (_args, ctx) => {
      for (let i = 1; i <= 3; i++) await ctx.progress(i, 3, `step ${i}`)
      return { content: [{ type: 'text', text: 'done' }] }
    })
    const changed = await reader.message((m) => m.method === 'notifications/tools/list_changed')
    expectSpec('JSONRPCNotification', changed)
    const call = { name: 'slow', arguments: {}, _meta: { progressToken: 'p1' } }
    await post(postUrl, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: call })
    const done = await reader.message((m) => m.id === 3)
    expect(done.result.content[0].text).toBe('done')
    const progress = reader.events
      .filter((e) => e.event === 'message')
      .map((e) => JSON.parse(e.data) as Json)
      .filter((m) => m.method === 'notifications/progress')
    expect(progress.map((m) => [m.params.progressToken, m.params.progress])).toEqual([
      ['p1', 1],
      ['p1', 2],
      ['p1', 3],
    ])
    for (const m of progress) expectSpec('JSONRPCNotification', m)
    // Progress came before the result.
    const order = reader.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as Json)
    expect(order.findIndex((m) => m.id === 3)).toBeGreaterThan(
      order.findIndex((m) => m.params?.progress === 3),
    )
  })

  it('closes the session when the client disconnects: pending requests rejected, later POSTs 404', async () => {
    const { url, handler, elicitOutcomes } = await start()
    const { reader, postUrl } = await session(url, ELICITING)
    await post(postUrl, {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'ask', arguments: {} },
    })
    await reader.message((m) => m.method === 'elicitation/create')
    reader.close()
    // Rejected because the stream is gone (aborted with its handler), not by the 10 s request timeout: told
    // apart by the error, not by the clock (a loaded machine is slow, not wrong).
    const outcome = await elicitOutcomes[0]
    expect(outcome).toMatch(/^rejected:/)
    expect(outcome).not.toBe('rejected:RequestTimeoutError')
    await expect.poll(() => handler.openStreams).toBe(0)
    const gone = await post(postUrl, { jsonrpc: '2.0', id: 8, method: 'tools/list' })
    expect(gone.status).toBe(404)
    expect((await gone.json()).error.message).toMatch(/Session not found/)
  })

  it('expires an idle session after its TTL: the stream ends and POSTs get 404', async () => {
    const { url, handler } = await start({ keepAliveMs: 0, sessionTtlMs: 150 })
    const { reader, postUrl } = await session(url)
    await reader.until(() => reader.ended)
    expect(handler.openStreams).toBe(0)
    expect((await post(postUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(404)
  })

  it('keeps a connected session alive past its TTL while keep-alives reach it', async () => {
    // The TTL is 20 keep-alive periods, so only a stall of the whole process for most of a second (the server
    // and this client share it) could let the session look idle; the test then outlives the TTL by 30%.
    const { url } = await start({ keepAliveMs: 50, sessionTtlMs: 1000 })
    const { reader, postUrl } = await session(url)
    await new Promise((r) => setTimeout(r, 1300))
    expect(reader.ended).toBe(false)
    await post(postUrl, { jsonrpc: '2.0', id: 2, method: 'ping' })
    await reader.message((m) => m.id === 2)
  })

  it('closes streams when the server shuts down', async () => {
    const { url, server } = await start()
    const { reader } = await session(url)
    server.close()
    await reader.until(() => reader.ended)
  })
})
