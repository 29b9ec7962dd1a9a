import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>test host</title></head>
<body><pre id="log"></pre><script type="module" src="/host.js"></script></body></html>`

/** The test host's script, bundled once for the browser (AppBridge, the official client, their zod). */
async function bundleHost(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./host.js', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

export interface TestHost {
  url: string
  close(): Promise<void>
}

/**
 * A loopback server for the test host page: `/` the page, `/host.js` its script, and `/mcp` passed on to the
 * Worker at `upstream` (so the page's MCP client stays on its own origin, without CORS).
 */
export async function startTestHost(upstream: string): Promise<TestHost> {
  const script = await bundleHost()
  const server: Server = createServer(async (req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    if (req.url === '/host.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    if (!req.url?.startsWith('/mcp')) return void res.writeHead(404).end()
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'origin' && name !== 'connection')
        headers.set(name, value)
    try {
      const answer = await fetch(`${upstream}${req.url}`, {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
      })
      const out: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding') out[name] = value
      })
      res.writeHead(answer.status, out)
      if (answer.body) for await (const chunk of answer.body) res.write(chunk)
      res.end()
    } catch {
      res.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
