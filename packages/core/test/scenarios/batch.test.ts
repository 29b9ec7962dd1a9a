import { describe, expect, it } from 'vitest'
import { McpServer } from '../../src/server/mcp-server.js'
import { rawPeer } from '../helpers/raw-peer.js'
import { validateAgainstSpec } from '../helpers/spec-validator.js'

function makeServer() {
  const server = new McpServer({ name: 'batch', version: '1.0.0' })
  server.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    ({ text }) => ({
      content: [{ type: 'text', text: String(text) }],
    }),
  )
  return server
}

async function initialized(version: string) {
  const peer = await rawPeer(makeServer())
  await peer.request('initialize', {
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  })
  await peer.notify('notifications/initialized')
  return peer
}

const batch = [
  { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: { text: 'one' } } },
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
  { jsonrpc: '2.0', id: 'b', method: 'ping' },
]

describe('JSON-RPC batches', () => {
  it('are served on 2025-03-26: one response per request, none for notifications', async () => {
    const peer = await initialized('2025-03-26')
    const reply = (await peer.raw(batch)) as unknown as Array<Record<string, any>>
    expect(reply.map((r) => r.id)).toEqual(['a', 'b'])
    expect(reply[0]?.result.content[0].text).toBe('one')
    expect(validateAgainstSpec('2025-03-26', 'JSONRPCBatchResponse', reply).errors).toEqual([])
    for (const m of peer.sentByServer)
      expect(validateAgainstSpec('2025-03-26', 'JSONRPCMessage', m).errors).toEqual([])
  })

  it('are rejected from 2025-06-18 on with one -32600 error, and the session keeps serving', async () => {
    const peer = await initialized('2025-06-18')
    const sent = peer.sentByServer.length
    const p = new Promise<Record<string, any>>((resolve) => {
      const check = setInterval(() => {
        const m = peer.sentByServer[sent]
        if (m) {
          clearInterval(check)
          resolve(m)
        }
      }, 1)
    })
    void peer.raw(batch)
    const reply = await p
    expect(reply.error.code).toBe(-32600)
    expect(reply.error.message).toMatch(/batch/i)
    const after = await peer.request('tools/call', { name: 'echo', arguments: { text: 'still here' } })
    expect(after.result.content[0].text).toBe('still here')
  })
})
