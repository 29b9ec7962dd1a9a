// mcp-lite, its README pattern: McpServer with zod + schemaAdapter, StreamableHttpTransport bound once,
// served from Hono. Session mode adds an InMemorySessionAdapter. (It answers SSE when Accept allows it.)
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { InMemorySessionAdapter, McpServer, StreamableHttpTransport } from 'mcp-lite'
import { z } from 'zod'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import {
  SERVER_INFO,
  TOOL_COUNT,
  echoResult,
  echoZodShape,
  manyToolResult,
  manyToolZodShape,
  toolDescription,
  toolName,
} from './tools.mjs'

/** @param {import('./contract.mjs').Toolset} toolset */
function createLiteServer(toolset) {
  const mcp = new McpServer({
    ...SERVER_INFO,
    schemaAdapter: (schema) => z.toJSONSchema(/** @type {z.ZodType} */ (schema)),
  })
  if (toolset === 'echo') {
    mcp.tool('echo', {
      description: 'Echoes text',
      inputSchema: z.object(echoZodShape()),
      handler: (args) => echoResult(args.text),
    })
    return mcp
  }
  for (let i = 0; i < TOOL_COUNT; i++) {
    const name = toolName(i)
    mcp.tool(name, {
      description: toolDescription(i),
      inputSchema: z.object(manyToolZodShape()),
      handler: () => manyToolResult(name),
    })
  }
  return mcp
}

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
