import { McpHttpError, McpServer } from '@edgemcp/core'
import { createSseHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectionLostError, mcpHttp, mcpInProcess } from '../src/index.js'

function makeServer() {
  const server = new McpServer({ name: 'http-test', version: '1.0.0' })
  server.tool('confirm', {}, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } })
    return { content: [{ type: 'text', text: answer.action }] }
  })
  return server
}

describe('mcpHttp against the Node Streamable HTTP server', () => {
  const server = makeServer()
  const seenHeaders: string[] = []
  let running: RunningServer
  const handler = createMcpHandler(server)
  beforeAll(async () => {
    running = await serve({
      fetch: (request: Request) => {
        seenHeaders.push(request.headers.get('authorization') ?? '-')
        return handler.fetch(request)
      },
    })
  })
  afterAll(() => running.close())

  it('sends the headers option, gets list changes on the standalone stream and DELETEs the session on close', async () => {
    const app = mcpHttp(running.url, { headers: { Authorization: 'Bearer test-token' } })
    await app.initialize()
    expect(seenHeaders.length).toBeGreaterThan(0)
    expect(new Set(seenHeaders)).toEqual(new Set(['Bearer test-token']))
    await expect(app).not.toHaveTool('late')
    server.tool('late', {}, () => ({ content: [{ type: 'text', text: 'here' }] }))
    await expect
      .poll(() => app.notifications.map((n) => n.method))
      .toContain('notifications/tools/list_changed')
    await expect(app).toHaveTool('late')
    const sessionId = app.sessionId
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/)
    expect(await handler.sessions.get(sessionId!)).toBeDefined()
    await app.close()
    expect(await handler.sessions.get(sessionId!)).toBeUndefined()
    expect(await app.waitForExit()).toEqual({ code: 0, signal: null })
  })

  it.each(['2025-11-25', '2026-07-28'])('answers elicitation over HTTP (%s)', async (protocolVersion) => {
    const app = mcpHttp(running.url, { protocolVersion, onElicit: () => ({ action: 'decline' }) })
    expect((await app.callTool('confirm')).content[0]?.text).toBe('decline')
    await app.close()
  })
})

describe('mcpHttp against a legacy HTTP+SSE server', () => {
  it('falls back from Streamable HTTP to the SSE stream and closes it on close()', async () => {
    const sse = createSseHandler(makeServer())
    const running = await serve(sse)
    try {
      const app = mcpHttp(`${running.url}/sse`, { protocolVersion: 'auto' })
      await expect(app).toHaveTool('confirm')
      expect(app.era).toBe('legacy')
      expect(sse.openStreams).toBe(1)
      await app.close()
      await expect.poll(() => sse.openStreams).toBe(0)
    } finally {
      await running.close()
    }
  })
})

describe('mcpHttp failures', () => {
  it('rejects requests when nothing listens', async () => {
    const app = mcpHttp('http://127.0.0.1:9/mcp', { requestTimeout: 2000 })
    await expect(app.initialize()).rejects.toBeInstanceOf(ConnectionLostError)
    await app.close()
  })

  it('a wrong path rejects with the 404 as McpHttpError, not a lost connection', async () => {
    // createMcpHandler serves its root path only: anything else is Hono's 404.
    const running = await serve(createMcpHandler(makeServer()))
    try {
      const app = mcpHttp(`${running.url}/wrong`)
      const error = await app.initialize().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(McpHttpError)
      expect(error).toMatchObject({ status: 404, method: 'GET' })
      expect((error as Error).message).toMatch(/HTTP 404 Not Found: nothing is served at this URL/)
      await app.close()
    } finally {
      await running.close()
    }
  })

  it('401 rejects with the challenge readable', async () => {
    const running = await serve({
      fetch: () =>
        new Response('no token', { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="t"' } }),
    })
    try {
      const app = mcpHttp(running.url)
      const error = await app.initialize().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(McpHttpError)
      expect(error).toMatchObject({ status: 401, wwwAuthenticate: 'Bearer realm="t"', body: 'no token' })
      await app.close()
    } finally {
      await running.close()
    }
  })
})

describe('mcpInProcess with a fetch handler', () => {
  it('accepts a plain function and a url under which the handler serves', async () => {
    const handler = createMcpHandler(makeServer())
    const app = mcpInProcess((request) => handler.fetch(request), { url: 'http://localhost/' })
    await expect(app).toHaveTool('confirm')
    await app.close()
    expect(() => mcpInProcess({} as never)).toThrow(/expects an McpServer, a fetch handler/)
  })
})
