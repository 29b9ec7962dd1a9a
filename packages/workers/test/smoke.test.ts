import { SELF } from 'cloudflare:test'
import { expect, it } from 'vitest'

it('answers a legacy initialize with a session id', async () => {
  const r = await SELF.fetch('http://worker.test/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  })
  expect(r.status).toBe(200)
  expect(r.headers.get('mcp-session-id')).toMatch(/^[0-9a-f]{32}$/)
  console.log(await r.text())
})
