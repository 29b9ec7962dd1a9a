import { eventually } from '@edgemcp/test-helpers'
import { serve as honoServe } from '@hono/node-server'
import { cors as honoCors } from 'hono/cors'
import { describe, expect, it } from 'vitest'
import { cors } from '../src/cors.js'
import { createMcpHandler } from '../src/handler.js'
import { sharedKeepAlive } from '../src/sse-keep-alive.js'
import { makeServer } from './helpers.js'
import {
  getStream,
  numbered,
  numberedEvents,
  openSession,
  rawText,
  sessionOf,
  startNode,
} from './node-sse-helpers.js'

describe('the standalone GET stream on serve() is written straight to node:http', () => {
  it('head with the SSE headers, priming event, keep-alive comments (session kept alive), then events', async () => {
    const fixture = await startNode({ keepAliveMs: 30, retryMs: 700 })
    const { id, headers } = await openSession(fixture.url)
    const session = await sessionOf(fixture, id)
    const res = await getStream(fixture.url, headers)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    expect(res.headers.get('x-hono-already-sent')).toBeNull()
    // The handler gave @hono/node-server an empty response: no web ReadableStream was built.
    expect(fixture.getBodies).toEqual(['none'])
    const body = rawText(res)
    await body.until((t) => t.includes('\n\n'))
    expect(body.text).toMatch(/^id: \S+\nretry: 700\ndata: \n\n/)
    const comments = (t: string) => t.split(': \n\n').length - 1
    await body.until((t) => comments(t) >= 1)
    // A comment already on its way when lastActivity is reset proves nothing; later ones mark the session.
    session.lastActivity = 0
    await eventually(() => expect(session.lastActivity).toBeGreaterThan(0))
    expect(sharedKeepAlive.size(30)).toBe(1)

    for (let n = 1; n <= 3; n++) await session.notify(numbered(n))
    await body.until((t) => numberedEvents(t).length === 3)
    const events = numberedEvents(body.text)
    expect(events.map((e) => e.n)).toEqual(['n1', 'n2', 'n3'])
    expect(new Set(events.map((e) => e.id)).size).toBe(3)
    await body.cancel()
    await eventually(() => expect(sharedKeepAlive.size(30)).toBe(0))
  })

  it('keeps the headers middleware adds on the way out (our cors and Hono’s)', async () => {
    for (const middleware of [
      cors({ origin: ['http://app.test'] }),
      honoCors({ origin: 'http://app.test' }),
    ]) {
      const fixture = await startNode({ keepAliveMs: 0, allowedOrigins: ['http://app.test'] }, [middleware])
      const { headers } = await openSession(fixture.url)
      const res = await getStream(fixture.url, { ...headers, Origin: 'http://app.test' })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe('http://app.test')
      expect(res.headers.get('content-type')).toBe('text/event-stream')
      expect(fixture.getBodies).toEqual(['none'])
      const body = rawText(res)
      await body.until((t) => /^id: \S+\nretry: \d+\ndata: \n\n/.test(t))
      await body.cancel()
      await fixture.close()
    }
  })

  it('works on @hono/node-server’s own serve, with and without its global Response override', async () => {
    for (const overrideGlobalObjects of [true, false]) {
      const mcp = createMcpHandler(makeServer(), { keepAliveMs: 0 })
      const server = await new Promise<ReturnType<typeof honoServe>>((resolve) => {
        const s = honoServe({ fetch: mcp.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects }, () =>
          resolve(s),
        )
      })
      const { port } = server.address() as { port: number }
      const url = `http://127.0.0.1:${port}/`
      try {
        const { id, headers } = await openSession(url)
        const body = rawText(await getStream(url, headers))
        await body.until((t) => t.includes('retry:'))
        const session = await mcp.sessions.get(id)
        await session?.notify(numbered(7))
        await body.until((t) => numberedEvents(t).length === 1)
        await body.cancel()
      } finally {
        await new Promise((r) => {
          server.close(r)
          ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
        })
      }
    }
  })

  it('a response replaced on the way out (an error) goes out as such and the stream is cleaned up', async () => {
    const fixture = await startNode({ keepAliveMs: 25, eventStore: null }, [
      async (c, next) => {
        await next()
        if (c.req.method === 'GET') c.res = new Response('nope', { status: 503 })
      },
    ])
    const { id, headers } = await openSession(fixture.url)
    const res = await getStream(fixture.url, headers)
    expect(res.status).toBe(503)
    expect(await res.text()).toBe('nope')
    const session = await sessionOf(fixture, id)
    await eventually(() => {
      expect(session.hasStandaloneChannel).toBe(false)
      expect(sharedKeepAlive.size(25)).toBe(0)
    })
  })

  it('elsewhere (app.request, no node:http response) the same GET is a web ReadableStream', async () => {
    const mcp = createMcpHandler(makeServer(), { keepAliveMs: 20 })
    const { headers } = await openSession('/', (url, init) => mcp.request(url, init))
    const res = await mcp.request('/', { headers: { Accept: 'text/event-stream', ...headers } })
    expect(res.body).toBeInstanceOf(ReadableStream)
    const body = rawText(res)
    await body.until((t) => t.includes(': \n\n'))
    expect(sharedKeepAlive.size(20)).toBe(0)
    await body.cancel()
  })
})
