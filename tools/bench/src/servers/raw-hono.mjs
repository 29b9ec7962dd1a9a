// Ceiling of the stack: Hono on @hono/node-server, no MCP library. Parses the JSON-RPC body and answers
// with a JSON-RPC result of the same shape an MCP server would. Not a compliant server (no validation).
import { randomUUID } from 'node:crypto'
import { createAdaptorServer } from '@hono/node-server'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import { rawHonoApp } from './raw-app.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  const id = randomUUID()
  const app = rawHonoApp({ toolset, sessionId: () => id })
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
