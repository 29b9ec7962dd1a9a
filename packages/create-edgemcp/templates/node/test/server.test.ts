import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { mcpHttp } from '@edgemcp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.js'

let running: RunningServer
beforeAll(async () => {
  running = await serve(createApp(), { port: 0 }) // a real HTTP server on a free port
})
afterAll(() => running.close())

describe.each([
  { protocolVersion: '2026-07-28', transport: 'streamable-http' },
  { protocolVersion: '2025-11-25', transport: 'streamable-http' },
  { protocolVersion: '2024-11-05', transport: 'sse' },
] as const)('$protocolVersion over $transport', ({ protocolVersion, transport }) => {
  it('lists its tool, reads its resource and asks for a name', async () => {
    const app = mcpHttp(`${running.url}/mcp`, {
      protocolVersion,
      transport,
      onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
    })
    try {
      await expect(app).toHaveTool('greet')
      const about = await app.readResource('info://about')
      expect(JSON.stringify(about)).toContain('on Node')
      const greeting = await app.callTool('greet', protocolVersion === '2024-11-05' ? { name: 'Bo' } : {})
      expect(greeting).not.toHaveToolError()
      expect(greeting.content[0]?.text).toBe(protocolVersion === '2024-11-05' ? 'Hello, Bo!' : 'Hello, Ada!')
    } finally {
      await app.close()
    }
  })
})
