import { SELF } from 'cloudflare:test'
import { expect, it } from 'vitest'

it('GET / says how to connect', async () => {
  const r = await SELF.fetch('http://127.0.0.1:8787/')
  expect(r.status).toBe(200)
  const html = await r.text()
  expect(html).toContain('http://127.0.0.1:8787/mcp')
  expect(html).toContain('npx edgemcp-codegen http://127.0.0.1:8787/mcp -o client.ts')
  expect(html).toContain('curl -s http://127.0.0.1:8787/mcp')
  expect((await SELF.fetch('http://127.0.0.1:8787/nope')).status).toBe(404)
})
