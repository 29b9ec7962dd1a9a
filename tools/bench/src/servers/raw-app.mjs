// The two ceilings as Hono apps, shared by the Node servers (raw-hono.mjs, raw-hono-min.mjs) and the workerd
// bench's raw Workers. Neither is a compliant MCP server: no validation, no protocol checks.
import { Hono } from 'hono'
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
export function toolList(toolset) {
  if (toolset === 'echo') return [{ name: 'echo', description: 'Echoes text', inputSchema: ECHO_JSON_SCHEMA }]
  return Array.from({ length: TOOL_COUNT }, (_, i) => ({
    name: toolName(i),
    description: toolDescription(i),
    inputSchema: manyToolJsonSchema(),
  }))
}

/**
 * The conforming ceiling: parses the JSON-RPC body and answers with a result of the shape an MCP server must
 * send. A 2026-07-28 request gets what that revision requires of every result (basic/index "Result
 * Responses": `resultType`; cacheable lists also `ttlMs`/`cacheScope`) and the `serverInfo` it SHOULD carry.
 * @param {{ toolset: import('./contract.mjs').Toolset, sessionId: () => string, path?: string }} options
 */
export function rawHonoApp({ toolset, sessionId, path = '/mcp' }) {
  const tools = toolList(toolset)
  const app = new Hono()
  app.post(path, async (c) => {
    /** @type {{ id?: string | number, method?: string, params?: any }} */
    const msg = await c.req.json()
    if (msg.id === undefined) return c.body(null, 202) // notification
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
        c.header('Mcp-Session-Id', sessionId())
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
  return app
}

/**
 * The minimal hard-wired ceiling (the shape of the independent harness of issue 18): one branch per method
 * with a fixed result; the only request data it uses are the id, `initialize`'s version and the echoed text.
 * Legacy-era bytes only (no 2026-07-28 result fields), so it is a ceiling for workload (b).
 * @param {{ toolset: import('./contract.mjs').Toolset, sessionId: () => string, path?: string }} options
 */
export function rawHonoMinimalApp({ toolset, sessionId, path = '/mcp' }) {
  const list = { tools: toolList(toolset) }
  const capabilities = { tools: {} }
  const app = new Hono()
  app.post(path, async (c) => {
    /** @type {any} */
    const msg = await c.req.json()
    if (msg.method === 'tools/call')
      return c.json({ jsonrpc: '2.0', id: msg.id, result: echoResult(msg.params.arguments.text) })
    if (msg.method === 'tools/list') return c.json({ jsonrpc: '2.0', id: msg.id, result: list })
    if (msg.method === 'initialize') {
      c.header('Mcp-Session-Id', sessionId())
      const result = { protocolVersion: msg.params.protocolVersion, capabilities, serverInfo: SERVER_INFO }
      return c.json({ jsonrpc: '2.0', id: msg.id, result })
    }
    return c.body(null, 202)
  })
  return app
}
