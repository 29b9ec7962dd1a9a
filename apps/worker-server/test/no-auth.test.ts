import { SELF } from 'cloudflare:test'
import { expect, it } from 'vitest'
import { connectClient } from './client.js'

const viaWorker = (input: string | URL | Request, init?: RequestInit) =>
  SELF.fetch(input instanceof Request ? input : String(input), init)

it('stays open without AUTH_ISSUER: no token needed, no metadata, no whoami, HTTP+SSE on', async () => {
  expect((await SELF.fetch('http://notes.test/.well-known/oauth-protected-resource/mcp')).status).toBe(404)
  const { client } = await connectClient('http://notes.test/mcp', 'legacy', {}, viaWorker)
  const tools = (await client.listAllTools()).map((t) => t.name)
  expect(tools).toContain('add_note')
  expect(tools).not.toContain('whoami')
  await client.close()
  const sse = await SELF.fetch('http://notes.test/mcp', { headers: { accept: 'text/event-stream' } })
  expect(sse.status).toBe(200)
  expect(sse.headers.get('content-type')).toContain('text/event-stream')
  await sse.body?.cancel()
})
