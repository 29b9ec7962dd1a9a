import { describe, expect, it } from 'vitest'
import { createExplorer } from './explorer.js'

const page = (init?: RequestInit, options?: Parameters<typeof createExplorer>[0]) =>
  createExplorer(options)(new Request('http://127.0.0.1:8787/', init))

describe('createExplorer', () => {
  it('answers GET with the page, its script and style allowed by a fresh nonce only', async () => {
    const [a, b] = [page(), page()]
    const csp = a.headers.get('content-security-policy') ?? ''
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("connect-src 'self'")
    expect(b.headers.get('content-security-policy')).not.toContain(nonce)
    const html = await a.text()
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(html).toContain('data-path="/mcp"')
    expect(html).not.toMatch(/(src|href)="https?:/) // nothing loaded from elsewhere
  })

  it('answers HEAD without a body, and other methods with 405', async () => {
    const head = page({ method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = page({ method: 'POST', body: '{}' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('takes the endpoint as a path on its origin, and escapes the title', async () => {
    const html = await page(undefined, { endpoint: '/api/mcp', title: '<b>Notes</b>' }).text()
    expect(html).toContain('data-path="/api/mcp"')
    expect(html).toContain('<title>&#60;b&#62;Notes&#60;/b&#62;</title>')
    expect(() => createExplorer({ endpoint: 'https://elsewhere.example/mcp' })).toThrow(/path on this origin/)
    expect(() => createExplorer({ endpoint: '//elsewhere.example/mcp' })).toThrow(/path on this origin/)
  })
})

describe('createExplorer: the apps sandbox origin', () => {
  const at = (url: string, options?: Parameters<typeof createExplorer>[0]) =>
    createExplorer(options)(new Request(url))
  const sandboxOf = async (r: Response) => /data-sandbox="([^"]*)"/.exec(await r.text())?.[1]

  it('defaults to the other loopback name on a loopback page, and frames only it', async () => {
    const r = at('http://127.0.0.1:8787/explorer')
    expect(r.headers.get('content-security-policy')).toContain('frame-src http://localhost:8787;')
    expect(await sandboxOf(r)).toBe('http://localhost:8787/explorer?mcp-app-sandbox')
    expect(await sandboxOf(at('http://localhost:9/'))).toBe('http://127.0.0.1:9/?mcp-app-sandbox')
  })

  it('has none elsewhere unless given, and none with false', async () => {
    const r = at('https://mcp.example.com/')
    expect(r.headers.get('content-security-policy')).toContain("frame-src 'none'")
    expect(await sandboxOf(r)).toBe('')
    const given = at('https://mcp.example.com/', { sandboxOrigin: 'https://sandbox.example.com' })
    expect(await sandboxOf(given)).toBe('https://sandbox.example.com/?mcp-app-sandbox')
    expect(await sandboxOf(at('http://127.0.0.1:1/', { sandboxOrigin: false }))).toBe('')
    // The page's own origin is no sandbox: no apps rather than a false one.
    expect(
      await sandboxOf(at('https://mcp.example.com/', { sandboxOrigin: 'https://mcp.example.com' })),
    ).toBe('')
  })

  it('refuses a sandbox origin that is not an origin', () => {
    expect(() => createExplorer({ sandboxOrigin: 'https://sandbox.example.com/path' })).toThrow(
      /must be an origin/,
    )
    expect(() => createExplorer({ sandboxOrigin: 'sandbox.example.com' })).toThrow(/must be an origin/)
  })

  it('answers the sandbox proxy page for ?mcp-app-sandbox', async () => {
    const r = at('http://localhost:8787/?mcp-app-sandbox&origin=http%3A%2F%2F127.0.0.1%3A8787')
    expect(r.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:8787')
    expect(await r.text()).toContain('ui/notifications/sandbox-proxy-ready')
  })
})
