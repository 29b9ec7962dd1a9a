import { McpHttpError } from '@edgemcp/core'
import { describe, expect, it, vi } from 'vitest'
import { SseClientTransport } from './sse-client-transport.js'

/** A fetch answering GET with an SSE body fed by `push`, and POST with `postStatus`. */
function fakeServer(postStatus = 202) {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
    },
  })
  const posts: Array<{ url: string; headers: Headers; body: string }> = []
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push({ url: String(input), headers: new Headers(init.headers), body: String(init.body) })
      return new Response(postStatus === 202 ? 'Accepted' : 'Session not found', { status: postStatus })
    }
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  })
  const encoder = new TextEncoder()
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    posts,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  }
}

describe('SseClientTransport', () => {
  it('waits for the endpoint, resolves it against the stream URL, and POSTs there', async () => {
    const s = fakeServer()
    const t = new SseClientTransport('http://h.test/mcp/sse', {
      fetch: s.fetch,
      headers: () => ({ Authorization: 'Bearer x' }),
    })
    const started = t.start()
    s.push(': hi\n\nevent: endpoint\ndata: messages?sessionId=abc\n\n')
    await started
    expect(t.endpointUrl?.href).toBe('http://h.test/mcp/messages?sessionId=abc')
    expect(t.sessionId).toBe('abc')
    t.setProtocolVersion('2024-11-05')
    await t.send({ jsonrpc: '2.0', id: 1, method: 'ping' })
    expect(s.posts[0]?.url).toBe('http://h.test/mcp/messages?sessionId=abc')
    expect(s.posts[0]?.headers.get('authorization')).toBe('Bearer x')
    expect(s.posts[0]?.headers.get('content-type')).toBe('application/json')
    expect(s.posts[0]?.headers.get('mcp-protocol-version')).toBe('2024-11-05')
    expect(JSON.parse(s.posts[0]?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' })
  })

  it('delivers message events, reports bad ones, ignores unknown events, closes when the stream ends', async () => {
    const s = fakeServer()
    const t = new SseClientTransport('http://h.test/sse', { fetch: s.fetch })
    const messages: unknown[] = []
    const errors: string[] = []
    let closed = 0
    t.onmessage = (m) => messages.push(m)
    t.onerror = (e) => errors.push(e.message)
    t.onclose = () => closed++
    const started = t.start()
    s.push('event: message\ndata: {"early":true}\n\n')
    s.push('event: endpoint\ndata: /messages?sessionId=1\n\n')
    await started
    s.push('data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n')
    s.push('event: message\ndata: not json\n\nevent: other\ndata: {}\n\nevent: endpoint\ndata: /x\n\n')
    s.end()
    await vi.waitFor(() => expect(closed).toBe(1))
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
    expect(errors).toEqual([
      expect.stringMatching(/before the endpoint/),
      expect.stringMatching(/not JSON/),
      expect.stringMatching(/second endpoint/),
    ])
    await expect(t.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/)
  })

  it('refuses an endpoint on another origin', async () => {
    const s = fakeServer()
    const t = new SseClientTransport('http://h.test/sse', { fetch: s.fetch })
    const started = t.start()
    s.push('event: endpoint\ndata: https://evil.test/messages\n\n')
    await expect(started).rejects.toThrow(/not on the stream's origin/)
  })

  it('fails start on a non-2xx answer, a non-SSE answer, or no endpoint in time', async () => {
    const notFound = new SseClientTransport('http://h.test/sse', {
      fetch: (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch,
    })
    const e = await notFound.start().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(McpHttpError)
    expect((e as McpHttpError).status).toBe(404)
    expect((e as McpHttpError).message).toBe(
      'GET http://h.test/sse answered HTTP 404: nothing is served at this URL; check the MCP endpoint path (often /mcp); body: nope',
    )

    const json = new SseClientTransport('http://h.test/sse', {
      fetch: (async () => Response.json({})) as unknown as typeof fetch,
    })
    await expect(json.start()).rejects.toThrow(/answered HTTP 200 application\/json, not an SSE stream/)

    const s = fakeServer()
    const silent = new SseClientTransport('http://h.test/sse', { fetch: s.fetch, endpointTimeoutMs: 50 })
    let closed = false
    silent.onclose = () => {
      closed = true
    }
    await expect(silent.start()).rejects.toThrow(/No endpoint event/)
    // A transport that never opened reports its failure through start(), not as a dropped connection.
    expect(closed).toBe(false)
    await expect(silent.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/)
  })

  it('reports a refused POST with its status', async () => {
    const s = fakeServer(404)
    const t = new SseClientTransport('http://h.test/sse', { fetch: s.fetch })
    const started = t.start()
    s.push('event: endpoint\ndata: /messages?sessionId=gone\n\n')
    await started
    const e = await t.send({ jsonrpc: '2.0', id: 1, method: 'ping' }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(McpHttpError)
    expect((e as McpHttpError).status).toBe(404)
    expect((e as McpHttpError).body).toBe('Session not found')
  })

  it('cannot send before start or start twice', async () => {
    const s = fakeServer()
    const t = new SseClientTransport('http://h.test/sse', { fetch: s.fetch })
    await expect(t.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/not started/)
    const started = t.start()
    s.push('event: endpoint\ndata: /m\n\n')
    await started
    await expect(t.start()).rejects.toThrow(/already started/)
  })
})
