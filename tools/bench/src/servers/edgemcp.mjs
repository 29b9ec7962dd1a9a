// edgemcp (our own), served from Hono on @hono/node-server like the other fetch-first contenders.
// One endpoint serves both eras (stateless 2026-07-28 requests and legacy sessions alike), so `mode` is not read.
import { createAdaptorServer } from '@hono/node-server'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { Hono } from 'hono'
import { running } from './contract.mjs'
import { createEdgeServer } from './edgemcp-tools.mjs'
import { listenOnLoopback } from './listen.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  const app = new Hono()
  app.route('/mcp', createMcpHandler(createEdgeServer(toolset)))
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
