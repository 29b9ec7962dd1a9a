// @hono/mcp, its README pattern: one SDK McpServer connected lazily to one StreamableHTTPTransport,
// mounted with app.all('/mcp'). JSON responses; session mode adds a sessionIdGenerator (one session).
import { randomUUID } from 'node:crypto'
import { StreamableHTTPTransport } from '@hono/mcp'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import { createSdkServer } from './sdk-tools.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ mode, toolset }) {
  const mcpServer = createSdkServer(toolset)
  const transport = new StreamableHTTPTransport(
    mode === 'session'
      ? { sessionIdGenerator: randomUUID, enableJsonResponse: true }
      : { enableJsonResponse: true },
  )
  const app = new Hono()
  app.all('/mcp', async (c) => {
    if (!mcpServer.isConnected()) await mcpServer.connect(transport)
    return transport.handleRequest(c)
  })
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
