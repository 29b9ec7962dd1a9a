import { SELF } from 'cloudflare:test'
import { expect, it } from 'vitest'

it('GET / is the explorer page, talking to /mcp, loading nothing from elsewhere', async () => {
  const r = await SELF.fetch('http://127.0.0.1:8787/')
  expect(r.status).toBe(200)
  expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(r.headers.get('content-security-policy')).toContain("connect-src 'self'")
  const html = await r.text()
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
  expect(html).toContain('data-path="/mcp"')
  expect((await SELF.fetch('http://127.0.0.1:8787/nope')).status).toBe(404)
})

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

it('a browser visiting /mcp is sent to /, without opening a stream or a session', async () => {
  for (const method of ['GET', 'HEAD'])
    for (const path of ['/mcp', '/mcp/']) {
      const r = await SELF.fetch(`http://127.0.0.1:8787${path}`, {
        method,
        headers: { accept: browserAccept },
        redirect: 'manual',
      })
      expect(r.status, `${method} ${path}`).toBe(302)
      expect(r.headers.get('location')).toBe('http://127.0.0.1:8787/')
      expect(r.headers.has('mcp-session-id')).toBe(false)
    }
  // An MCP client's GET (event-stream Accept, or a session) still reaches the transport.
  const client = await SELF.fetch('http://127.0.0.1:8787/mcp', {
    headers: { accept: 'application/json', 'mcp-protocol-version': '2025-11-25' },
  })
  expect(client.status).toBe(405)
})

it('HEAD is answered where GET is: the same status and headers, no body', async () => {
  const head = await SELF.fetch('http://127.0.0.1:8787/', { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(await head.text()).toBe('')
  expect((await SELF.fetch('http://127.0.0.1:8787/nope', { method: 'HEAD' })).status).toBe(404)
})
