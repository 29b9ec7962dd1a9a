// The official example app server (@modelcontextprotocol/server-basic-vanillajs 2.0.3) as its own createServer()
// builds it, plus one model-only tool, `secret`, that counts its calls: over stdio with --stdio, else over HTTP
// on a free loopback port, which it prints. It runs on the example's own dependencies (the official SDK it ships
// with), resolved from its package directory: the View is the example's own, only the tool list differs.
import { createServer as createHttpServer } from 'node:http'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const fromBasic = createRequire(require.resolve('@modelcontextprotocol/server-basic-vanillajs'))
const { createServer } = await import('@modelcontextprotocol/server-basic-vanillajs')

let calls = 0
function build() {
  const server = createServer()
  server.registerTool(
    'secret',
    { description: 'Model only: no app may call it', _meta: { ui: { visibility: ['model'] } } },
    async () => ({ content: [{ type: 'text', text: `the secret, call ${++calls}` }] }),
  )
  return server
}

if (process.argv.includes('--stdio')) {
  const { StdioServerTransport } = fromBasic('@modelcontextprotocol/server/stdio')
  await build().connect(new StdioServerTransport())
} else {
  const { NodeStreamableHTTPServerTransport } = fromBasic('@modelcontextprotocol/node')
  const http = createHttpServer(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return void res.writeHead(404).end()
    const server = build()
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => {
      transport.close().catch(() => {})
      server.close().catch(() => {})
    })
    await server.connect(transport)
    await transport.handleRequest(req, res)
  })
  http.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${http.address().port}/mcp`))
}
