import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { cors } from '../src/cors.js'
import { createMcpHandler } from '../src/handler.js'
import { isLoopbackHost } from '../src/security.js'
import { appClient, BASE } from './app-client.js'
import { expectSpec, makeServer } from './helpers.js'

const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
}

async function expectError(res: Response, status: number, code: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/json')
  const body = await res.json()
  expect(body.error.code).toBe(code)
  expectSpec('2025-11-25', 'JSONRPCErrorResponse', body)
}

describe('bad input', () => {
  it('malformed JSON → 400 -32700', async () => {
    await expectError(
      await appClient(createMcpHandler(makeServer())).post('{"jsonrpc": "2.0", '),
      400,
      -32700,
    )
  })

  it('wrong Content-Type → 415', async () => {
    const res = await appClient(createMcpHandler(makeServer())).post(init, { 'Content-Type': 'text/plain' })
    await expectError(res, 415, -32600)
  })

  it('Accept without both types → 406, unless acceptJsonOnly is set', async () => {
    const strict = appClient(createMcpHandler(makeServer()))
    await expectError(await strict.post(init, { Accept: 'application/json' }), 406, -32600)
    await expectError(await strict.post(init, { Accept: 'text/html' }), 406, -32600)
    const tolerant = appClient(createMcpHandler(makeServer(), { acceptJsonOnly: true }))
    const res = await tolerant.post(init, { Accept: 'application/json' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
  })

  it('oversized bodies → 413, by Content-Length and by streamed size', async () => {
    const mcp = createMcpHandler(makeServer(), { maxBodyBytes: 1024 })
    const big = JSON.stringify({ ...init, params: { ...init.params, pad: 'x'.repeat(2000) } })
    await expectError(await appClient(mcp).post(big), 413, -32600)
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode(big.slice(i * 600, (i + 1) * 600)))
        c.close()
      },
    })
    const res = await mcp.request(BASE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    await expectError(res, 413, -32600)
  })

  it('other methods → 405 with Allow', async () => {
    const res = await createMcpHandler(makeServer()).request(BASE, { method: 'PUT' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, POST, DELETE')
  })
})

describe('DNS-rebinding protection and CORS', () => {
  it('refuses foreign origins with 403 and admits loopback origins and requests without Origin', async () => {
    const client = appClient(createMcpHandler(makeServer()))
    await expectError(await client.post(init, { Origin: 'http://evil.example.com' }), 403, -32600)
    expect((await client.post(init, { Origin: 'http://localhost:6274' })).status).toBe(200)
    expect((await client.post(init)).status).toBe(200)
    const listed = appClient(createMcpHandler(makeServer(), { allowedOrigins: ['https://app.example.com'] }))
    expect((await listed.post(init, { Origin: 'https://app.example.com' })).status).toBe(200)
    expect((await listed.post(init, { Origin: 'http://localhost:1' })).status).toBe(403)
  })

  it('with a Host allowlist, refuses other Host headers (conformance dns-rebinding-protection)', async () => {
    const client = appClient(createMcpHandler(makeServer(), { allowedHosts: isLoopbackHost }))
    await expectError(
      await client.post(init, { Host: 'evil.example.com', Origin: 'http://evil.example.com' }),
      403,
      -32600,
    )
    await expectError(await client.post(init, { Host: 'evil.example.com' }), 403, -32600)
    expect(
      (await client.post(init, { Host: '127.0.0.1:3000', Origin: 'http://127.0.0.1:3000' })).status,
    ).toBe(200)
  })

  it('cors() answers preflights with the MCP headers and exposes the session headers', async () => {
    const app = new Hono()
    app.use('/mcp', cors({ origin: ['https://app.example.com'] }))
    app.route('/mcp', createMcpHandler(makeServer(), { allowedOrigins: ['https://app.example.com'] }))
    const pre = await app.request('http://127.0.0.1/mcp', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-session-id, mcp-param-region, x-evil',
      },
    })
    expect(pre.status).toBe(200)
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    const allowed = pre.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    for (const h of [
      'mcp-session-id',
      'mcp-protocol-version',
      'mcp-method',
      'mcp-name',
      'last-event-id',
      'mcp-param-region',
    ])
      expect(allowed).toContain(h)
    expect(allowed).not.toContain('x-evil')
    const res = await app.request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Origin: 'https://app.example.com',
      },
      body: JSON.stringify(init),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
    expect(res.headers.get('access-control-expose-headers')).toContain('MCP-Protocol-Version')
    const foreign = await app.request('http://127.0.0.1/mcp', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'POST' },
    })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })
})
