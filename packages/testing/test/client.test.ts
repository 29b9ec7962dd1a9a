import { McpServer } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { mcpInProcess } from '../src/index.js'

function makeServer() {
  const server = new McpServer({ name: 'client-test', version: '1.0.0' })
  server.tool('confirm', {}, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Proceed?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    })
    return { content: [{ type: 'text', text: `${answer.action}:${JSON.stringify(answer.content ?? {})}` }] }
  })
  server.tool('roots', {}, async (_args, ctx) => {
    const { roots } = await ctx.listRoots()
    return { content: [{ type: 'text', text: roots.map((r) => r.uri).join(',') }] }
  })
  server.tool('chatty', {}, async (_args, ctx) => {
    await ctx.log('warning', 'careful')
    return { content: [{ type: 'text', text: 'said it' }] }
  })
  return server
}

describe('protocol choice', () => {
  it("'auto' settles on 2026-07-28 with a modern server", async () => {
    const app = mcpInProcess(makeServer(), { protocolVersion: 'auto' })
    expect(app.protocolVersion).toBeUndefined()
    const init = await app.initialize()
    expect(app.protocolVersion).toBe('2026-07-28')
    expect(app.era).toBe('modern')
    expect(init.serverInfo.name).toBe('client-test')
    await app.close()
  })

  it('initialize({ protocolVersion }) overrides the option; unknown revisions fail early', async () => {
    const app = mcpInProcess(makeServer(), { protocolVersion: '2026-07-28' })
    const init = await app.initialize({ protocolVersion: '2025-03-26' })
    expect(init.protocolVersion).toBe('2025-03-26')
    expect(app.era).toBe('legacy')
    await app.close()
    expect(() => mcpInProcess(makeServer(), { protocolVersion: '2020-01-01' })).toThrow(
      /Unknown protocol version/,
    )
  })

  it('the modern era puts the _meta fields on every request', async () => {
    const app = mcpInProcess(makeServer(), {
      protocolVersion: '2026-07-28',
      clientInfo: { name: 'me', version: '9' },
    })
    const response = await app.request('tools/list')
    expect(response.result?.resultType).toBe('complete')
    expect(response).toBeValidMCPResponse()
    // Without initialize(): raw requests go out as they are, legacy ones need the handshake first.
    const legacy = mcpInProcess(makeServer())
    expect(await legacy.request('tools/list')).toHaveMCPError(-32600)
    await Promise.all([app.close(), legacy.close()])
  })
})

describe('lifecycle', () => {
  it('initializes on first use and refuses to report before', async () => {
    const app = mcpInProcess(makeServer())
    expect(app.isInitialized()).toBe(false)
    expect(() => app.getInitializeResult()).toThrow(/call initialize\(\) first/)
    expect(() => app.supportsTools()).toThrow(/call initialize\(\) first/)
    expect(await app.hasTool('confirm')).toBe(true)
    expect(app.isInitialized()).toBe(true)
    await app.ping()
    await app.close()
    expect(await app.waitForExit()).toEqual({ code: 0, signal: null })
  })
})

describe.each(['2025-11-25', '2026-07-28'])('server → client input, protocol %s', (protocolVersion) => {
  it('answers elicitation with onElicit (a request in legacy, an MRTR round in 2026-07-28)', async () => {
    const seen: unknown[] = []
    const app = mcpInProcess(makeServer(), {
      protocolVersion,
      onElicit: (params) => {
        seen.push(params.message)
        return { action: 'accept', content: { ok: true } }
      },
    })
    const result = await app.callTool('confirm')
    expect(result.content[0]?.text).toBe('accept:{"ok":true}')
    expect(seen).toEqual(['Proceed?'])
    await app.close()
  })

  it('answers roots/list with the roots option', async () => {
    const app = mcpInProcess(makeServer(), { protocolVersion, roots: [{ uri: 'file:///work' }] })
    expect((await app.callTool('roots')).content[0]?.text).toBe('file:///work')
    await app.close()
  })

  it('collects log notifications', async () => {
    const app = mcpInProcess(makeServer(), { protocolVersion })
    await app.setLogLevel('info')
    const heard: string[] = []
    app.onNotification((n) => heard.push(n.method))
    await app.callTool('chatty')
    await new Promise((r) => setTimeout(r, 10))
    expect(heard).toContain('notifications/message')
    expect(app.notifications.find((n) => n.method === 'notifications/message')?.params).toMatchObject({
      level: 'warning',
      data: 'careful',
    })
    await app.close()
  })
})

describe('list changes', () => {
  it('sees a tool registered after the first listing', async () => {
    const server = makeServer()
    const app = mcpInProcess(server)
    await expect(app).not.toHaveTool('late')
    server.tool('late', {}, () => ({ content: [{ type: 'text', text: 'here' }] }))
    await new Promise((r) => setTimeout(r, 10))
    expect(app.notifications.map((n) => n.method)).toContain('notifications/tools/list_changed')
    await expect(app).toHaveTool('late')
    expect((await app.callTool('late')).content[0]?.text).toBe('here')
    await app.close()
  })
})
