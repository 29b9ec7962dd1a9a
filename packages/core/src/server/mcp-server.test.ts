import { modernMeta } from '@edgemcp/test-helpers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { McpServer } from './mcp-server.js'

const modern = modernMeta()

describe('new McpServer(info, options)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('uses no randomness when constructed (Workers forbid it at global scope)', () => {
    const random = vi.spyOn(crypto, 'getRandomValues')
    const server = new McpServer({ name: 'n', version: '1' }, { mrtrSecret: undefined, pageSize: undefined })
    server.tool('t', {}, () => ({ content: [] }))
    expect(random).not.toHaveBeenCalled()
  })

  it('makes its random MRTR key on first use and signs state with it', async () => {
    const server = new McpServer({ name: 'n', version: '1' })
    server.tool('ask', {}, async (_args, ctx) => {
      await ctx.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } })
      return { content: [] }
    })
    const r = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'ask',
        arguments: {},
        _meta: { ...modern, 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } },
      },
    })
    expect(r.body).toMatchObject({
      result: { resultType: 'input_required', requestState: expect.any(String) },
    })
  })

  it('keeps identity and options apart: options never become serverInfo', async () => {
    const server = new McpServer(
      { name: 'n', version: '1', title: 'T' },
      { instructions: 'Read me.', pageSize: 5, logging: false },
    )
    expect(server.info).toEqual({ name: 'n', version: '1', title: 'T' })
    const r = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    })
    expect(r.body).toMatchObject({
      result: { serverInfo: { name: 'n', version: '1', title: 'T' }, instructions: 'Read me.' },
    })
    expect(JSON.stringify(r.body)).not.toContain('pageSize')
  })

  it('holds its engine privately', () => {
    const server = new McpServer({ name: 'n', version: '1' })
    // @ts-expect-error the registry is not part of the public API
    expect(server.registry).toBeUndefined()
    // @ts-expect-error nor is the MRTR signer
    expect(server.signer).toBeUndefined()
    // @ts-expect-error nor the list cache
    expect(server.listCache).toBeUndefined()
    // @ts-expect-error nor the requests in flight
    expect(server.inflight).toBeUndefined()
    // @ts-expect-error nor the resolved options
    expect(server.options).toBeUndefined()
  })
})
