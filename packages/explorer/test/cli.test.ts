import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExplorerProxy, startExplorerProxy } from '../src/node/proxy.js'
import { type AppsServer, startAppsServer } from './apps-server.js'

/** The `edgemcp-explorer` bin (built: `npm run build` first) and the proxy's loopback guards. */
const CLI = fileURLToPath(new URL('../dist/node/cli.js', import.meta.url))

const run = (...args: string[]) => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run build -w @edgemcp/explorer`)
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 })
  return { code: r.status, err: r.stderr, out: r.stdout }
}

describe('edgemcp-explorer: bad input', () => {
  it.each([
    [[], /Give exactly one target/],
    [['ftp://example.com/mcp'], /Not an http\(s\) URL: ftp:\/\/example.com\/mcp/],
    [['http://127.0.0.1:1/mcp', '--stdio', 'node x.js'], /Give exactly one target/],
    [['http://127.0.0.1:1/mcp', '--header', 'no colon'], /--header wants "Name: value"/],
    [['http://127.0.0.1:1/mcp', '--port', '99999'], /--port wants a port number/],
    [['a', 'b'], /one server at a time/],
    [['--stdio', '  '], /--stdio needs a command/],
    [['--bogus'], /Unknown option '--bogus'/],
  ])('%j is refused with a clear message', (args, message) => {
    const r = run(...(args as string[]))
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(message)
  })

  it('says why a server cannot be reached', () => {
    const r = run('http://127.0.0.1:9/mcp', '--no-oauth')
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/Cannot connect to http:\/\/127.0.0.1:9\/mcp/)
  })

  it('prints its usage for --help', () => {
    const r = run('--help')
    expect(r.code).toBe(0)
    expect(r.out).toContain('edgemcp-explorer --stdio "<command>"')
  })
})

describe('the proxy: loopback only, Host and Origin checked', () => {
  let server: AppsServer
  let proxy: ExplorerProxy
  beforeAll(async () => {
    server = await startAppsServer()
    proxy = await startExplorerProxy({ url: new URL('/mcp', server.url).href })
  })
  afterAll(async () => {
    await proxy?.close()
    await server?.close()
  })
  const post = (headers: Record<string, string>, url = `${proxy.url}mcp`) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    })

  it('listens on 127.0.0.1, with the sandbox on another port', () => {
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(proxy.sandboxOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(new URL(proxy.sandboxOrigin).port).not.toBe(new URL(proxy.url).port)
  })

  it('forwards a same-origin request to the target', async () => {
    const r = await post({ origin: new URL(proxy.url).origin })
    const body = (await r.json()) as { result: { tools: { name: string }[] } }
    expect(body.result.tools.map((t) => t.name)).toContain('secret')
  })

  it('refuses another Origin (403) and another Host (421)', async () => {
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403)
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${proxy.url}mcp`, { method: 'POST', headers: { host: 'evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.once('error', reject)
      req.end('{}')
    })
    expect(status).toBe(421)
  })

  it('serves only the sandbox page on the sandbox port, and no sandbox on the page port', async () => {
    expect((await fetch(`${proxy.sandboxOrigin}/`)).status).toBe(404)
    expect((await fetch(`${proxy.sandboxOrigin}/mcp`, { method: 'POST', body: '{}' })).status).toBe(404)
    const origin = encodeURIComponent(new URL(proxy.url).origin)
    expect((await fetch(`${proxy.sandboxOrigin}/?mcp-app-sandbox&origin=${origin}`)).status).toBe(200)
    expect((await fetch(`${proxy.url}?mcp-app-sandbox&origin=${origin}`)).status).toBe(404)
  })

  it('answers a body over 1 MB with 413', async () => {
    const r = await fetch(`${proxy.url}mcp`, { method: 'POST', body: 'x'.repeat(1_000_001) })
    expect(r.status).toBe(413)
  })
})
