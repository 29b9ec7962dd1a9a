import { serve } from '@edgemcp/streamable-http/node'
import { createApp } from './app.js'

// 127.0.0.1 only, with DNS-rebinding protection (Host checked). PORT=0 picks a free port.
const running = await serve(createApp(), { port: Number(process.env.PORT ?? 3000) })
console.log(`MCP server listening on ${running.url}/mcp`)
