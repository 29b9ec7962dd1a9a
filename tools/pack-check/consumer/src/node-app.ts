// A user's own Hono app on Node with MCP mounted in it: hono's cors in front of the Streamable HTTP handler
// (this type-checks only when the app and @edgemcp/streamable-http share one hono), and the auto endpoint
// (Streamable HTTP and legacy HTTP+SSE on one path) beside it; and a second server, serve() of
// @edgemcp/streamable-http/node, which answers at its root path. Prints {"port":…,"rootPort":…} once listening.
import { serve } from '@hono/node-server'
import { createAutoHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { serve as serveMcp } from '@edgemcp/streamable-http/node'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { createServer } from './server.js'

const app = new Hono()
app.get('/', (c) => c.text('the app’s own page'))
app.use('/mcp', cors())
app.route('/mcp', createMcpHandler(createServer()))
app.route('/auto', createAutoHandler(createServer()))

const root = await serveMcp(createMcpHandler(createServer()))
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(JSON.stringify({ port: info.port, rootPort: root.port }))
})
