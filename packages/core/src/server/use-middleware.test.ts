import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { ProtocolError } from '../errors/protocol-error.js'
import type { InboundCall } from './middleware.js'
import { McpServer } from './mcp-server.js'
import { useMiddleware } from './use-middleware.js'

const modern = modernMeta()

function serverWithTool() {
  const server = new McpServer({ name: 'n', version: '1' })
  server.tool('echo', {}, () => ({ content: [{ type: 'text', text: 'hi' }] }))
  return server
}

const call = (server: McpServer, params: Record<string, unknown>, extra: object = {}) =>
  server.handle({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }, extra)

describe('useMiddleware(server, ...middleware)', () => {
  it('sees method, params, era, id and auth info, then the result; outermost first', async () => {
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
    expect(r.body).toMatchObject({ result: { content: [{ text: 'hi' }] } })
    expect(seen).toEqual(['outer in', 'inner', 'outer out [{"type":"text","text":"hi"}]'])
    expect(got).toMatchObject({
      kind: 'request',
      method: 'tools/call',
      id: 7,
      era: 'modern',
      protocolVersion: modern['io.modelcontextprotocol/protocolVersion'],
      authInfo: { sub: 'u' },
      sessionId: undefined,
    })
    expect(got?.params.name).toBe('echo')
  })

  it('sees the error the client receives, and can answer with one of its own', async () => {
    const server = serverWithTool()
    const errors: unknown[] = []
    const reg = useMiddleware(server, async (_c, next) => {
      try {
        return await next()
      } catch (e) {
        errors.push(e)
        throw e
      }
    })
    const r = await server.handle({ jsonrpc: '2.0', id: 1, method: 'nope/nope', params: { _meta: modern } })
    expect(r.body).toMatchObject({ error: { code: -32601 } })
    expect(errors).toHaveLength(1)
    expect((errors[0] as ProtocolError).code).toBe(-32601)
    reg.remove()
    useMiddleware(server, async () => {
      throw new ProtocolError(-32000, 'rate limited')
    })
    const limited = await call(server, { name: 'echo', arguments: {}, _meta: modern })
    expect(limited.body).toMatchObject({ error: { code: -32000, message: 'rate limited' } })
  })

  it('wraps legacy initialize, session requests and notifications with the session id', async () => {
    const server = serverWithTool()
    const calls: InboundCall[] = []
    useMiddleware(server, async (c, next) => {
      calls.push(c)
      return next()
    })
    const init = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    })
    expect(init.body).toMatchObject({ result: { protocolVersion: '2025-06-18' } })
    const session = init.session!
    await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session })
    await server.handle({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { session })
    expect(calls.map((c) => [c.kind, c.method, c.era, c.sessionId])).toEqual([
      ['request', 'initialize', 'legacy', session.id],
      ['notification', 'notifications/initialized', 'legacy', session.id],
      ['request', 'tools/list', 'legacy', session.id],
    ])
    expect(calls[2]?.protocolVersion).toBe('2025-06-18')
  })

  it('costs nothing once removed: the engine runs without middleware again', async () => {
    const server = serverWithTool()
    let n = 0
    const reg = useMiddleware(server, async (_c, next) => {
      n++
      return next()
    })
    await call(server, { name: 'echo', arguments: {}, _meta: modern })
    reg.remove()
    await call(server, { name: 'echo', arguments: {}, _meta: modern })
    expect(n).toBe(1)
  })
})
