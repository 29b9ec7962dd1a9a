import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { McpServer } from '../../src/server/mcp-server.js'
import { addTool } from '../helpers/add-tool.js'
import { rawPeer } from '../helpers/raw-peer.js'

const meta = (extra: Record<string, unknown> = {}) => ({
  _meta: modernMeta({ 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} }, ...extra }),
})

function makeServer() {
  const server = addTool(new McpServer({ name: 'smoke', version: '1.0.0' }, { mrtrSecret: 'test' }))
  server.tool('confirm', {}, async (_args, ctx) => {
    const r = await ctx.elicit({
      message: 'Sure?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    })
    return { content: [{ type: 'text', text: `${r.action}:${JSON.stringify(r.content ?? {})}` }] }
  })
  return server
}

describe('smoke', () => {
  it('legacy handshake and tools/call', async () => {
    const peer = await rawPeer(makeServer())
    const init = await peer.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    })
    expect(init.result.protocolVersion).toBe('2025-06-18')
    await peer.notify('notifications/initialized')
    const call = await peer.request('tools/call', { name: 'add', arguments: { a: 2, b: 3 } })
    expect(call.result.content[0].text).toBe('5')
    const bad = await peer.request('tools/call', { name: 'add', arguments: { a: 'x' } })
    expect(bad.error.code).toBe(-32602)
  })

  it('modern tools/call and MRTR elicitation', async () => {
    const peer = await rawPeer(makeServer())
    const call = await peer.request('tools/call', { ...meta(), name: 'add', arguments: { a: 1, b: 1 } })
    expect(call.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: '2' }] })
    const first = await peer.request('tools/call', { ...meta(), name: 'confirm' })
    expect(first.result.resultType).toBe('input_required')
    const [key] = Object.keys(first.result.inputRequests)
    const second = await peer.request('tools/call', {
      ...meta(),
      name: 'confirm',
      requestState: first.result.requestState,
      inputResponses: { [key!]: { action: 'accept', content: { ok: true } } },
    })
    expect(second.result.content[0].text).toBe('accept:{"ok":true}')
  })

  it('legacy elicitation round-trips as a server→client request', async () => {
    const peer = await rawPeer(makeServer(), (req) =>
      req.method === 'elicitation/create' ? { action: 'accept', content: { ok: false } } : undefined,
    )
    await peer.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: {} },
      clientInfo: { name: 't', version: '1' },
    })
    const call = await peer.request('tools/call', { name: 'confirm' })
    expect(call.result.content[0].text).toBe('accept:{"ok":false}')
  })
})
