import { describe, expect, it } from 'vitest'
import { checkRequestOrigin, isLoopbackHost, isLoopbackOrigin } from './security.js'

const req = (headers: Record<string, string>) => new Request('http://127.0.0.1:3000/mcp', { headers })

describe('origin and host checks', () => {
  it('allows loopback origins on any port, and requests without Origin', () => {
    for (const o of ['http://localhost:5173', 'https://127.0.0.1', 'http://[::1]:8080'])
      expect(isLoopbackOrigin(o)).toBe(true)
    expect(isLoopbackOrigin('http://evil.example.com')).toBe(false)
    expect(isLoopbackOrigin('http://localhost.evil.com')).toBe(false)
    expect(isLoopbackOrigin('null')).toBe(false)
    expect(checkRequestOrigin(req({}), {})).toBeUndefined()
    expect(checkRequestOrigin(req({ Origin: 'http://localhost:1' }), {})).toBeUndefined()
  })

  it('refuses other origins with 403, unless listed', () => {
    const e = checkRequestOrigin(req({ Origin: 'https://app.example.com' }), {})
    expect(e?.httpStatus).toBe(403)
    expect(
      checkRequestOrigin(req({ Origin: 'https://app.example.com' }), {
        allowedOrigins: ['https://app.example.com/'],
      }),
    ).toBeUndefined()
    expect(checkRequestOrigin(req({ Origin: 'https://x.y' }), { allowedOrigins: ['*'] })).toBeUndefined()
  })

  it('checks Host only when an allowlist is given; entries match with or without port', () => {
    const evil = req({ Host: 'evil.example.com' })
    expect(checkRequestOrigin(evil, {})).toBeUndefined()
    expect(checkRequestOrigin(evil, { allowedHosts: isLoopbackHost })?.httpStatus).toBe(403)
    expect(
      checkRequestOrigin(req({ Host: 'localhost:3000' }), { allowedHosts: ['localhost'] }),
    ).toBeUndefined()
    expect(
      checkRequestOrigin(req({ Host: 'api.example.com' }), { allowedHosts: ['api.example.com:443'] })
        ?.httpStatus,
    ).toBe(403)
    expect(isLoopbackHost('[::1]:9')).toBe(true)
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false)
  })

  it("lets the server's own pages call it by default, only when the Host is checked", () => {
    const own = (origin: string, host: string) => req({ Origin: origin, Host: host })
    const hosts = { allowedHosts: ['mcp.example.workers.dev'] }
    expect(
      checkRequestOrigin(own('https://mcp.example.workers.dev', 'mcp.example.workers.dev'), hosts),
    ).toBeUndefined()
    // another site's page is still refused
    expect(
      checkRequestOrigin(own('https://evil.example.com', 'mcp.example.workers.dev'), hosts)?.httpStatus,
    ).toBe(403)
    // a rebound page: Origin and Host agree, but the Host is not allowed
    expect(checkRequestOrigin(own('http://evil.example.com', 'evil.example.com'), hosts)?.httpStatus).toBe(
      403,
    )
    // without a Host allowlist the pair proves nothing: refused
    expect(checkRequestOrigin(own('http://evil.example.com', 'evil.example.com'), {})?.httpStatus).toBe(403)
    // an explicit origin list is the whole rule
    expect(
      checkRequestOrigin(own('https://mcp.example.workers.dev', 'mcp.example.workers.dev'), {
        ...hosts,
        allowedOrigins: ['https://app.example.com'],
      })?.httpStatus,
    ).toBe(403)
    expect(checkRequestOrigin(own('null', 'mcp.example.workers.dev'), hosts)?.httpStatus).toBe(403)
  })
})
