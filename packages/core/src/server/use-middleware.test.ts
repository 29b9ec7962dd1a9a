import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it, vi } from 'vitest'
import { ProtocolError } from '../errors/protocol-error.js'
import type { InboundCall } from './middleware.js'
import { McpServer } from './mcp-server.js'
import { ToolServer } from './tool-server.js'
import { useMiddleware } from './use-middleware.js'

const modern = modernMeta()

function serverWithTool() {
  const server = new McpServer({ name: 'n', version: '1' })
  server.tool('echo', {}, () => ({ content: [{ type: 'text', text: 'hi' }] }))
  server.tool('throws', {}, () => {
    throw new ProtocolError(-32042, 'not today')
  })
  server.resource('memo://crash', { name: 'crash' }, () => {
    throw new Error('the database is down')
  })
  return server
}

const call = (server: McpServer | ToolServer, params: Record<string, unknown>, extra: object = {}) =>
  server.handle({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }, extra)

const initialize = (server: McpServer, protocolVersion = '2025-06-18') =>
  server.handle({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  })

/** Middleware that records each call and what next() settled with. */
function recorder() {
  const calls: InboundCall[] = []
  const outcomes: unknown[] = []
  const middleware = async (c: InboundCall, next: () => Promise<Record<string, unknown> | undefined>) => {
    calls.push(c)
    try {
      const r = await next()
      outcomes.push(r)
      return r
    } catch (e) {
      outcomes.push(e)
      throw e
    }
  }
  return { calls, outcomes, middleware }
}

describe('useMiddleware(server, ...middleware)', () => {
  it('sees method, params, era, id, version, client and auth info, then the result; outermost first', async () => {
    const server = serverWithTool()
    const seen: string[] = []
    let got: InboundCall | undefined
    useMiddleware(
      server,
      async (c, next) => {
        got = c
        seen.push('outer in')
        const r = await next()
        seen.push(`outer out ${JSON.stringify(r?.content)}`)
        return r
      },
      async (_c, next) => {
        seen.push('inner')
        return next()
      },
    )
    const r = await call(server, { name: 'echo', arguments: {}, _meta: modern }, { authInfo: { sub: 'u' } })
    expect(r).toMatchObject({
      status: 200,
      era: 'modern',
      body: { id: 7, result: { content: [{ text: 'hi' }] } },
    })
    expect(seen).toEqual(['outer in', 'inner', 'outer out [{"type":"text","text":"hi"}]'])
    expect(got).toMatchObject({
      kind: 'request',
      method: 'tools/call',
      id: 7,
      era: 'modern',
      protocolVersion: modern['io.modelcontextprotocol/protocolVersion'],
      clientInfo: { name: 'test', version: '1' },
      authInfo: { sub: 'u' },
      sessionId: undefined,
      onSessionClose: undefined,
    })
    expect(got?.params.name).toBe('echo')
    expect(got?.params._meta).toEqual(modern)
  })

  it('next() rejects with the ProtocolError the client receives; the answer stays the engine’s', async () => {
    const server = serverWithTool()
    const { outcomes, middleware } = recorder()
    useMiddleware(server, middleware)
    // An unknown 2026-07-28 method: -32601 with HTTP 404, which passing the error on keeps.
    const unknown = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'nope/nope',
      params: { _meta: modern },
    })
    expect(unknown).toMatchObject({ status: 404, body: { id: 1, error: { code: -32601 } } })
    expect(outcomes[0]).toBeInstanceOf(ProtocolError)
    expect(outcomes[0]).toMatchObject({ code: -32601 })
    // A handler's ProtocolError keeps its code and message.
    const refused = await call(server, { name: 'throws', arguments: {}, _meta: modern })
    expect(refused.body).toMatchObject({ error: { code: -32042, message: 'not today' } })
    expect(outcomes[1]).toMatchObject({ code: -32042, message: 'not today' })
    // Anything else a handler throws stays on the server: the middleware sees the correlation id.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const crashed = await server.handle({
        jsonrpc: '2.0',
        id: 3,
        method: 'resources/read',
        params: { uri: 'memo://crash', _meta: modern },
      })
      expect(crashed.body).toMatchObject({
        error: { code: -32603, data: { correlationId: expect.any(String) } },
      })
      const error = outcomes[2] as ProtocolError
      expect(error.code).toBe(-32603)
      expect(error.data).toEqual((crashed.body as { error: { data: unknown } }).error.data)
      expect(error.message).not.toContain('database')
    } finally {
      log.mockRestore()
    }
  })

  it('a middleware that throws answers with its error instead (rate limits, audit refusals)', async () => {
    const server = serverWithTool()
    let handled = 0
    server.tool('count', {}, () => {
      handled++
      return { content: [] }
    })
    useMiddleware(server, async (c, next) => {
      if (c.params.name === 'count') throw new ProtocolError(-32000, 'rate limited')
      return next()
    })
    const limited = await call(server, { name: 'count', arguments: {}, _meta: modern })
    expect(limited).toMatchObject({
      era: 'modern',
      body: { id: 7, error: { code: -32000, message: 'rate limited' } },
    })
    expect(handled).toBe(0)
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      useMiddleware(server, async () => {
        throw new TypeError('a bug in the middleware')
      })
      const failed = await call(server, { name: 'echo', arguments: {}, _meta: modern })
      expect(failed.body).toMatchObject({ id: 7, error: { code: -32603 } })
    } finally {
      log.mockRestore()
    }
  })

  it('a result the middleware returns in place of next()’s is the answer', async () => {
    const server = serverWithTool()
    useMiddleware(server, async (_c, next) => {
      const r = await next()
      return { ...r, _meta: { audited: true } }
    })
    const r = await call(server, { name: 'echo', arguments: {}, _meta: modern })
    expect(r).toMatchObject({
      status: 200,
      era: 'modern',
      body: { id: 7, result: { _meta: { audited: true } } },
    })
  })

  it('wraps legacy initialize, session requests and notifications; initialize’s session once next() resolves', async () => {
    const server = serverWithTool()
    const { calls, middleware } = recorder()
    const atStart: Array<string | undefined> = []
    useMiddleware(server, async (c, next) => {
      atStart.push(c.sessionId)
      return middleware(c, next)
    })
    const init = await initialize(server)
    expect(init.body).toMatchObject({ result: { protocolVersion: '2025-06-18' } })
    const session = init.session!
    expect(session).toBeDefined()
    await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session })
    await server.handle({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { session })
    expect(calls.map((c) => [c.kind, c.method, c.era, c.sessionId])).toEqual([
      ['request', 'initialize', 'legacy', session.id],
      ['notification', 'notifications/initialized', 'legacy', session.id],
      ['request', 'tools/list', 'legacy', session.id],
    ])
    expect(atStart).toEqual([undefined, session.id, session.id])
    expect(calls[0]?.protocolVersion).toBeUndefined()
    expect(calls[0]?.clientInfo).toEqual({ name: 'c', version: '1' })
    expect(calls[2]?.protocolVersion).toBe('2025-06-18')
    expect(calls[2]?.clientInfo).toEqual({ name: 'c', version: '1' })
    // The session's end reaches a listener added through any of its calls.
    const ended: string[] = []
    calls[0]?.onSessionClose?.(() => ended.push('initialize'))
    calls[2]?.onSessionClose?.(() => ended.push('tools/list'))
    session.close()
    expect(ended.sort()).toEqual(['initialize', 'tools/list'])
  })

  it('a notification gets no answer whatever the middleware does', async () => {
    const server = serverWithTool()
    const init = await initialize(server)
    useMiddleware(server, async () => {
      throw new ProtocolError(-32000, 'no')
    })
    const r = await server.handle(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { session: init.session },
    )
    expect(r).toMatchObject({ status: 202, body: undefined })
    const outside = await server.handle({ jsonrpc: '2.0', method: 'notifications/whatever' })
    expect(outside).toMatchObject({ status: 202, body: undefined, era: undefined })
  })

  it('wraps each element of a 2025-03-26 batch; responses and malformed messages pass by', async () => {
    const server = serverWithTool()
    const init = await initialize(server, '2025-03-26')
    const session = init.session!
    await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session })
    const { calls, middleware } = recorder()
    useMiddleware(server, middleware)
    const r = await server.handle(
      [
        { jsonrpc: '2.0', id: 10, method: 'tools/list' },
        { jsonrpc: '2.0', id: 11, method: 'ping' },
        { jsonrpc: '2.0', id: 12, method: 42 },
      ],
      { session },
    )
    expect(r.body).toMatchObject([
      { id: 10, result: { tools: expect.any(Array) } },
      { id: 11 },
      { id: 12, error: { code: -32600 } },
    ])
    expect(calls.map((c) => [c.method, c.id, c.sessionId])).toEqual([
      ['tools/list', 10, session.id],
      ['ping', 11, session.id],
    ])
    const response = await server.handle({ jsonrpc: '2.0', id: 99, result: {} }, { session })
    expect(response.body).toMatchObject({ error: { code: -32600 } })
    expect(calls).toHaveLength(2)
  })

  it('works on a ToolServer, and costs nothing once removed', async () => {
    const server = new ToolServer({ name: 't', version: '1' })
    server.tool('echo', {}, () => ({ content: [] }))
    let n = 0
    const reg = useMiddleware(server, async (_c, next) => {
      n++
      return next()
    })
    const first = await call(server, { name: 'echo', arguments: {}, _meta: modern })
    expect(first.body).toMatchObject({ result: { content: [] } })
    reg.remove()
    await call(server, { name: 'echo', arguments: {}, _meta: modern })
    expect(n).toBe(1)
  })
})
