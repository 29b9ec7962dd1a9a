// edgemcp (our own), served from Hono on @hono/node-server like the other fetch-first contenders.
// If importing it fails (not built), the harness prints a "skipped: …" row.
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
  manyToolResult,
  toolDescription,
  toolName,
} from './tools.mjs'

// Specifiers kept in variables so `tsc --checkJs` passes before the package exists.
const HTTP_PKG = '@edgemcp/streamable-http'
const CORE_PKG = '@edgemcp/core'
/** @type {Record<string, any>} */
const http = await import(HTTP_PKG)
/** @type {Record<string, any>} */
const core = await import(CORE_PKG)

/**
 * @param {Record<string, any>} mod
 * @param {string} pkg
 * @param {string} name
 */
function need(mod, pkg, name) {
  if (typeof mod[name] !== 'function') {
    throw new Error(
      `${pkg} has no export ${name} (has: ${Object.keys(mod).join(', ')}); fix src/servers/edgemcp.mjs`,
    )
  }
  return mod[name]
}

/**
 * One endpoint serves both eras (stateless 2026-07-28 requests and legacy sessions alike), so `mode` is not read.
 * @type {import('./contract.mjs').StartFn}
 */
export async function start({ toolset }) {
  const McpServer = need(core, CORE_PKG, 'McpServer')
  const createMcpHandler = need(http, HTTP_PKG, 'createMcpHandler')
  const mcp = new McpServer(SERVER_INFO)
  if (toolset === 'echo') {
    mcp.tool(
      'echo',
      { description: 'Echoes text', inputSchema: ECHO_JSON_SCHEMA },
      (/** @type {any} */ args) => echoResult(String(args.text)),
    )
  } else {
    for (let i = 0; i < TOOL_COUNT; i++) {
      const name = toolName(i)
      mcp.tool(name, { description: toolDescription(i), inputSchema: manyToolJsonSchema() }, () =>
        manyToolResult(name),
      )
    }
  }
  const app = new Hono()
  app.route('/mcp', createMcpHandler(mcp))
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
