import { describe, expect, it } from 'vitest'
import { appCsp, sandboxResponse } from './sandbox.js'

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('appCsp', () => {
  it('is the restrictive default without declared domains', () => {
    const csp = appCsp(undefined, 'http://127.0.0.1:1')
    expect(csp).toContain("default-src 'none'")
    expect(directive(csp, 'connect-src')).toBe("connect-src 'none'")
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'")
    expect(directive(csp, 'object-src')).toBe("object-src 'none'")
    expect(directive(csp, 'script-src')).toBe("script-src 'unsafe-inline'")
    expect(directive(csp, 'frame-ancestors')).toBe('frame-ancestors http://127.0.0.1:1')
  })

  it('adds declared origins to their directives and drops anything that is not a plain origin', () => {
    const csp = appCsp(
      {
        connectDomains: [
          'https://api.example.com',
          'wss://live.example.com:8443',
          '*',
          "'unsafe-eval'",
          'https://a.com; script-src *',
          7,
        ],
        resourceDomains: ['https://*.cdn.example.com', 'data:', 'javascript:alert(1)'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://base.example.com'],
      },
      'https://explorer.example.com',
    )
    expect(directive(csp, 'connect-src')).toBe(
      'connect-src https://api.example.com wss://live.example.com:8443',
    )
    expect(directive(csp, 'script-src')).toBe("script-src 'unsafe-inline' https://*.cdn.example.com")
    expect(directive(csp, 'img-src')).toBe('img-src data: https://*.cdn.example.com')
    expect(directive(csp, 'frame-src')).toBe('frame-src https://www.youtube.com')
    expect(directive(csp, 'base-uri')).toBe('base-uri https://base.example.com')
    expect(csp).not.toMatch(/unsafe-eval|javascript:|\*(?!\.)/)
    expect(csp.split('; ').filter((d) => d.startsWith('script-src'))).toHaveLength(1)
  })
})

describe('sandboxResponse', () => {
  const at = (q: string) => sandboxResponse(new URL(`http://localhost:8787/?mcp-app-sandbox&${q}`))

  it('answers the proxy page with the View CSP built from the csp parameter', async () => {
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com'] }))
    const r = at(`origin=${encodeURIComponent('http://127.0.0.1:8787')}&csp=${csp}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-security-policy')).toContain('connect-src https://api.example.com')
    const html = await r.text()
    expect(html).toContain('const host = "http://127.0.0.1:8787"')
    expect(html).toContain("'allow-scripts allow-forms'")
    expect(html).not.toContain('allow-same-origin')
  })

  it('refuses an origin that is not one, and a csp that is not JSON', () => {
    expect(at('origin=*').status).toBe(400)
    expect(at(`origin=${encodeURIComponent('http://a.com"; alert(1); "')}`).status).toBe(400)
    expect(at(`origin=${encodeURIComponent('http://a.com')}&csp=%7B`).status).toBe(400)
  })
})
