import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { serverEngine } from '../../src/server/engine.js'
import { McpServer } from '../../src/server/mcp-server.js'

const meta = modernMeta()

describe('server shutdown', () => {
  it('ends open subscriptions/listen requests gracefully, and notifyListChanged reaches them first', async () => {
    const server = new McpServer({ name: 's', version: '1' })
    server.tool('t', {}, () => ({ content: [] }))
    const emitted: Array<Record<string, any>> = []
    const done = server.handle(
      {
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: { _meta: meta, notifications: { toolsListChanged: true } },
      },
      { emit: (m) => void emitted.push(m as Record<string, any>) },
    )
    await new Promise((r) => setTimeout(r, 5))
    await server.notifyListChanged('tools')
    server.close()
    const r = await done
    expect(r.body).toMatchObject({
      id: 'listen-1',
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
    })
    expect(emitted.map((m) => m.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ])
    expect(serverEngine(server).inflight.toArray().length).toBe(0)
  })
})
