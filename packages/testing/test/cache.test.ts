import { McpServer } from '@edgemcp/core'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'
import { describe, expect, it, onTestFinished } from 'vitest'
import { mcpHttp } from '../src/index.js'

/** A 2026-07-28 server over real HTTP that counts the tools/list requests it gets. */
async function countingServer() {
  const server = new McpServer({ name: 'counted', version: '1.0.0' })
  server.tool('one', {}, () => ({ content: [] }))
  const handler = createMcpHandler(server)
  let lists = 0
  const running = await serve({
    fetch: async (request: Request) => {
      if (request.method === 'POST' && request.headers.get('mcp-method') === 'tools/list') lists++
      return handler.fetch(request)
    },
  })
  onTestFinished(() => running.close())
  return { url: `${running.url}/`, lists: () => lists }
}

describe('the test client and cacheable results (SEP-2549)', () => {
  it('with cache: true, answers a repeated tools/list from the cache', async () => {
    const { url, lists } = await countingServer()
    const app = mcpHttp(url, { protocolVersion: '2026-07-28', cache: true })
    await app.initialize()
    expect((await app.getTools()).map((t) => t.name)).toEqual(['one'])
    await app.getTools()
    expect(lists()).toBe(1)
    await app.close()
  })

  it('by default, every tools/list reaches the server under test', async () => {
    const { url, lists } = await countingServer()
    const app = mcpHttp(url, { protocolVersion: '2026-07-28' })
    await app.initialize()
    await app.getTools()
    await app.getTools()
    expect(lists()).toBe(2)
    await app.close()
  })
})
