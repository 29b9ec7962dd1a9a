import { McpServer } from '@edgemcp/core'
import { createRedisFleet } from '@edgemcp/redis'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'

const mrtrSecret = process.env.MCP_MRTR_SECRET // the same on every instance
if (!mrtrSecret) throw new Error('set MCP_MRTR_SECRET')
const server = new McpServer({ name: 'demo', version: '1.0.0' }, { mrtrSecret })
server.tool('hello', {}, async (_args, ctx) => {
  const answer = await ctx.elicit({
    message: 'Your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  })
  return { content: [{ type: 'text', text: `Hello ${String(answer.content?.name)}` }] }
})

const fleet = await createRedisFleet(server, { url: process.env.REDIS_URL }) // e.g. redis://10.0.0.5:6379
const mcp = createMcpHandler(server, fleet.handlerOptions())
const running = await serve(mcp, { port: 3000, hostname: '0.0.0.0' })

process.on('SIGTERM', async () => {
  await fleet.close() // leave the fleet: sessions live on, other instances serve them
  server.close()
  await running.close()
})
