// @modelcontextprotocol/sdk Streamable HTTP, stateless: a new McpServer + transport per request
// (the SDK's documented stateless pattern), JSON responses, plain node:http.
import { createServer } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import { createSdkServer } from './sdk-tools.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  const server = createServer(async (req, res) => {
    const mcp = createSdkServer(toolset)
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true })
    res.on('close', () => {
      void transport.close()
      void mcp.close()
    })
    try {
      await mcp.connect(transport)
      await transport.handleRequest(req, res)
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err))
    }
  })
  return running(server, await listenOnLoopback(server))
}
