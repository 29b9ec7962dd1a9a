import { createAutoHandler } from '@edgemcp/sse'
import { Hono } from 'hono'
import { createServer } from './server.js'

/**
 * The Hono app: MCP at /mcp for every client, 2024-11-05 to 2026-07-28 — Streamable HTTP, and the legacy
 * HTTP+SSE transport (a GET event stream first) on the same URL. Add your own routes here.
 */
export function createApp(): Hono {
  return new Hono().route('/mcp', createAutoHandler(createServer()))
}
