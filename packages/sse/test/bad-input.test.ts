import { describe, expect, it } from 'vitest'
import { EventReader, type Json, post, sseTestbed } from './helpers.js'

const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
}

const { start, keep } = sseTestbed()

async function open(url: string, headers: Record<string, string> = {}) {
  const { response, reader } = await EventReader.open(`${url}/sse`, {
    headers: { Accept: 'text/event-stream', ...headers },
  })
  keep(reader)
  return { response, reader }
}

async function initialized(url: string, protocolVersion = '2024-11-05') {
  const { reader } = await open(url)
  const postUrl = new URL(await reader.endpoint(), url).href
  await post(postUrl, { ...init, params: { ...init.params, protocolVersion } })
  await reader.message((m) => m.id === 1)
  await post(postUrl, { jsonrpc: '2.0', method: 'notifications/initialized' })
  return { reader, postUrl }
}

/** Asserts an HTTP error with a JSON-RPC error body. */
async function expectRpcError(response: Response, status: number, code: number, message?: RegExp) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toContain('application/json')
  const body = (await response.json()) as Json
  expect(body.jsonrpc).toBe('2.0')
  expect(body.error.code).toBe(code)
  if (message) expect(body.error.message).toMatch(message)
  return body
}

describe('legacy SSE server: bad input', () => {
  it('refuses a foreign Origin on the stream and on POSTs (403), allows loopback ones', async () => {
    const { url } = await start()
    const { response } = await open(url, { Origin: 'https://evil.example' })
    await expectRpcError(response, 403, -32600, /origin/)
    const { reader } = await open(url, { Origin: 'http://localhost:3000' })
    const postUrl = new URL(await reader.endpoint(), url).href
    await expectRpcError(await post(postUrl, init, { Origin: 'https://evil.example' }), 403, -32600)
  })

  it('checks Host against allowedHosts', async () => {
    const { url } = await start({ allowedHosts: ['mcp.example'] })
    const { response } = await open(url)
    await expectRpcError(response, 403, -32600, /host/)
  })

  it('answers 406 to a GET that does not accept text/event-stream', async () => {
    const { url } = await start()
    const { response } = await open(url, { Accept: 'application/json' })
    await expectRpcError(response, 406, -32600)
  })

  it('answers HEAD on the stream path with its headers, opening no session', async () => {
    const { url, handler } = await start()
    const head = await fetch(`${url}/sse`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/event-stream')
    expect(handler.openStreams).toBe(0)
  })

  it('answers 405 with Allow to other methods on both paths', async () => {
    const { url } = await start()
    const put = await fetch(`${url}/sse`, { method: 'PUT' })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET')
    const get = await fetch(`${url}/messages?sessionId=x`)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
  })

  it('answers 400 to a POST without sessionId and 404 to an unknown one', async () => {
    const { url } = await start()
    await expectRpcError(await post(`${url}/messages`, init), 400, -32600, /sessionId/)
    await expectRpcError(
      await post(`${url}/messages?sessionId=${'0'.repeat(32)}`, init),
      404,
      -32600,
      /not found/,
    )
  })

  it('refuses a session to another principal (404)', async () => {
    const { url } = await start({ authenticate: (c) => ({ principal: c.req.header('x-user') ?? 'anon' }) })
    const { reader } = await open(url, { 'x-user': 'alice' })
    const postUrl = new URL(await reader.endpoint(), url).href
    await expectRpcError(await post(postUrl, init, { 'x-user': 'mallory' }), 404, -32600)
    expect((await post(postUrl, init, { 'x-user': 'alice' })).status).toBe(202)
  })

  it('checks content type (415), body size (413), JSON (400 -32700) and JSON-RPC shape (400 -32600)', async () => {
    const { url } = await start({ maxBodyBytes: 200 })
    const { reader } = await open(url)
    const postUrl = new URL(await reader.endpoint(), url).href
    await expectRpcError(await post(postUrl, init, { 'Content-Type': 'text/plain' }), 415, -32600)
    await expectRpcError(await post(postUrl, { ...init, pad: 'x'.repeat(300) }), 413, -32600)
    await expectRpcError(await post(postUrl, '{"jsonrpc":"2.0",'), 400, -32700)
    await expectRpcError(await post(postUrl, ''), 400, -32700)
    const invalid = await expectRpcError(
      await post(postUrl, { jsonrpc: '2.0', id: 9, params: {} }),
      400,
      -32600,
    )
    expect(invalid.id).toBe(9)
    await expectRpcError(await post(postUrl, { jsonrpc: '1.0', id: 3, method: 'ping' }), 400, -32600)
    await expectRpcError(await post(postUrl, [1, 2]), 400, -32600, /batch/)
    // Nothing of that reached the stream; the session still works.
    expect((await post(postUrl, init)).status).toBe(202)
    await reader.message((m) => m.id === 1)
    expect(reader.events.filter((e) => e.event === 'message')).toHaveLength(1)
  })

  it('refuses large bodies with their JSON-RPC errors, never a reset connection (the body is read first)', async () => {
    const { url } = await start({ maxBodyBytes: 1024 * 1024 })
    const { reader } = await open(url)
    const postUrl = new URL(await reader.endpoint(), url).href
    const big = (size: number, first: number) => {
      const b = new Uint8Array(size).fill(0x5b)
      b[0] = first
      return b
    }
    const cases: Array<[string, Record<string, string>, Uint8Array<ArrayBuffer>, number]> = [
      [postUrl, { 'Content-Type': 'text/plain' }, big(3_000_000, 0x5b), 415],
      [`${url}/messages?sessionId=${'0'.repeat(32)}`, {}, big(3_000_000, 0x5b), 404],
      [postUrl, {}, big(3_000_000, 0x5b), 413],
      [postUrl, {}, big(700_000, 0xff), 400],
    ]
    for (const [target, headers, body, status] of cases)
      for (let i = 0; i < 3; i++) {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body,
        })
        await expectRpcError(res, status, status === 400 ? -32700 : -32600)
      }
  })

  it('answers 400 to a response no server request is waiting for', async () => {
    const { url } = await start()
    const { postUrl } = await initialized(url)
    await expectRpcError(
      await post(postUrl, { jsonrpc: '2.0', id: 's99', result: {} }),
      400,
      -32600,
      /unexpected/,
    )
  })

  it('serves batches only on 2025-03-26 sessions; an empty batch is 400', async () => {
    const { url } = await start()
    const old = await initialized(url)
    await expectRpcError(await post(old.postUrl, [{ jsonrpc: '2.0', id: 2, method: 'ping' }]), 400, -32600)
    const batchy = await initialized(url, '2025-03-26')
    await expectRpcError(await post(batchy.postUrl, []), 400, -32600, /empty/)
    const batch = [
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    ]
    expect((await post(batchy.postUrl, batch)).status).toBe(202)
    const answer = await batchy.reader.until(() => {
      const e = batchy.reader.events.find((x) => x.event === 'message' && x.data.startsWith('['))
      return e ? (JSON.parse(e.data) as Json[]) : undefined
    })
    expect(answer.map((r) => r.id).sort()).toEqual([2, 3])
  })

  it('sends method errors of a request as a message event (the POST itself is accepted)', async () => {
    const { url } = await start()
    const { reader, postUrl } = await initialized(url)
    expect((await post(postUrl, { jsonrpc: '2.0', id: 5, method: 'no/such' })).status).toBe(202)
    const m = await reader.message((x) => x.id === 5)
    expect(m.error.code).toBe(-32601)
    expect(
      (await post(postUrl, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'add' } })).status,
    ).toBe(202)
    const bad = await reader.message((x) => x.id === 6)
    expect(bad.error?.code ?? (bad.result?.isError ? 'tool-error' : undefined)).toBeDefined()
  })

  it('gives up on a client that stops reading, closing its session', async () => {
    const { url, handler, server } = await start({ maxBufferedBytes: 64 * 1024, keepAliveMs: 0 })
    const { reader, postUrl } = await initialized(url)
    server.tool('big', {}, () => ({ content: [{ type: 'text', text: 'x'.repeat(256 * 1024) }] }))
    // Stop reading: the response body is left unconsumed, and many large answers pile up.
    reader.pause()
    for (let i = 0; i < 40; i++)
      await post(postUrl, { jsonrpc: '2.0', id: 100 + i, method: 'tools/call', params: { name: 'big' } })
    await expect.poll(() => handler.openStreams, { timeout: 5000 }).toBe(0)
    expect((await post(postUrl, { jsonrpc: '2.0', id: 2, method: 'ping' })).status).toBe(404)
  })

  it('one client over its share of streams gets 429 + Retry-After; another client keeps its session', async () => {
    const { url, handler } = await start({
      maxSessionsPerClient: 2,
      authenticate: (c) => ({ principal: c.req.header('x-user') ?? 'anon' }),
    })
    const victim = await open(url, { 'x-user': 'alice' })
    const victimPost = new URL(await victim.reader.endpoint(), url).href
    await open(url, { 'x-user': 'mallory' })
    await open(url, { 'x-user': 'mallory' })
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${url}/sse`, {
        headers: { Accept: 'text/event-stream', 'x-user': 'mallory' },
      })
      await expectRpcError(refused, 429, -32000, /Too many sessions/)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    }
    expect(handler.openStreams).toBe(3)
    expect((await post(victimPost, init, { 'x-user': 'alice' })).status).toBe(202)
  })

  it('a full store refuses a new stream (503 + Retry-After) instead of closing an open one', async () => {
    const { url, handler } = await start({ maxSessions: 2 })
    const a = await open(url)
    const b = await open(url)
    const refused = await fetch(`${url}/sse`, { headers: { Accept: 'text/event-stream' } })
    await expectRpcError(refused, 503, -32000, /Too many sessions/)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(handler.openStreams).toBe(2)
    for (const { reader } of [a, b]) {
      const postUrl = new URL(await reader.endpoint(), url).href
      expect((await post(postUrl, init)).status).toBe(202)
    }
  })
})
