// edgemcp on its own Node server: `serve()` of @edgemcp/streamable-http/node (Host allowlist of loopback names
// included, as bound to 127.0.0.1), the same Hono app as edgemcp.mjs.
import { createMcpHandler } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'
import { Hono } from 'hono'
import { createEdgeServer } from './edgemcp-tools.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  const app = new Hono()
  app.route('/mcp', createMcpHandler(createEdgeServer(toolset)))
  const running = await serve(app, { port: 0, hostname: '127.0.0.1' })
  return { port: running.port, close: running.close }
}
