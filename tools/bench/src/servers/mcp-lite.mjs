// mcp-lite, its README pattern: McpServer with zod + schemaAdapter, StreamableHttpTransport bound once,
// served from Hono. Session mode adds an InMemorySessionAdapter. (It answers SSE when Accept allows it.)
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { InMemorySessionAdapter, StreamableHttpTransport } from 'mcp-lite'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import { createLiteServer } from './mcp-lite-tools.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ mode, toolset }) {
  const transport = new StreamableHttpTransport(
    mode === 'session' ? { sessionAdapter: new InMemorySessionAdapter({ maxEventBufferSize: 1024 }) } : {},
  )
  const httpHandler = transport.bind(createLiteServer(toolset))
  const app = new Hono()
  app.all('/mcp', (c) => httpHandler(c.req.raw))
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
