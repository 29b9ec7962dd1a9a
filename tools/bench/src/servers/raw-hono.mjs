// Ceiling of the stack: Hono on @hono/node-server, no MCP library. Parses the JSON-RPC body and answers
// with a JSON-RPC result of the same shape an MCP server would. Not a compliant server (no validation).
import { randomUUID } from 'node:crypto'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import {
  ECHO_JSON_SCHEMA,
  SERVER_INFO,
  TOOL_COUNT,
  echoResult,
  manyToolJsonSchema,
  toolDescription,
  toolName,
} from './tools.mjs'

/** @param {import('./contract.mjs').Toolset} toolset */
function toolList(toolset) {
  if (toolset === 'echo') return [{ name: 'echo', description: 'Echoes text', inputSchema: ECHO_JSON_SCHEMA }]
  return Array.from({ length: TOOL_COUNT }, (_, i) => ({
    name: toolName(i),
    description: toolDescription(i),
    inputSchema: manyToolJsonSchema(),
  }))
}

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  const tools = toolList(toolset)
  const sessionId = randomUUID()
  const app = new Hono()
  app.post('/mcp', async (c) => {
    /** @type {{ id?: string | number, method?: string, params?: any }} */
    const msg = await c.req.json()
    if (msg.id === undefined) return c.body(null, 202) // notification
    // A 2026-07-28 request gets what that revision requires of every result (basic/index "Result Responses":
    // `resultType`; cacheable lists also `ttlMs`/`cacheScope`) and the `serverInfo` it SHOULD carry, so the
    // ceiling answers with the bytes a conforming server must send.
    const modern = msg.params?._meta?.['io.modelcontextprotocol/protocolVersion'] === '2026-07-28'
    const reply = (/** @type {Record<string, unknown>} */ result) =>
      c.json({
        jsonrpc: '2.0',
        id: msg.id,
        result: modern
          ? {
              ...result,
              resultType: 'complete',
              ...(msg.method === 'tools/list' ? { ttlMs: 60000, cacheScope: 'private' } : {}),
              _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
            }
          : result,
      })
    switch (msg.method) {
      case 'initialize':
        c.header('Mcp-Session-Id', sessionId)
        return reply({
          protocolVersion: msg.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: SERVER_INFO,
        })
      case 'tools/list':
        return reply({ tools })
      case 'tools/call':
        return reply(echoResult(String(msg.params?.arguments?.text)))
      default:
        return c.json({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } })
    }
  })
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
