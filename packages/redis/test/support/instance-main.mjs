// One fleet instance in its own process (for tests that kill it): the built package, two tools, both
// transports on one URL. Env: REDIS_URL, PREFIX, HEARTBEAT_MS. Prints "listening <url>".
import { McpServer } from '@edgemcp/core'
import { createAutoHandler } from '@edgemcp/sse'
import { serve } from '@edgemcp/streamable-http/node'
import { createRedisFleet } from '../../dist/index.js'

const server = new McpServer({ name: 'fleet-process', version: '1.0.0' }, { mrtrSecret: 'fleet-test-secret' })
server.tool(
  'slow',
  { inputSchema: { type: 'object', properties: { steps: { type: 'integer' }, ms: { type: 'integer' } } } },
  async (args, ctx) => {
    const steps = Number(args.steps ?? 3)
    for (let i = 1; i <= steps; i++) {
      await ctx.progress(i, steps, `step ${i}`)
      await new Promise((r) => setTimeout(r, Number(args.ms ?? 5)))
    }
    return { content: [{ type: 'text', text: `done ${steps}` }] }
  },
)
server.tool('announce', {}, async () => {
  await server.notifyListChanged('tools')
  return { content: [{ type: 'text', text: 'announced' }] }
})
const fleet = await createRedisFleet(server, {
  url: process.env.REDIS_URL,
  prefix: process.env.PREFIX,
  heartbeatMs: Number(process.env.HEARTBEAT_MS ?? 1000),
})
const app = createAutoHandler(server, { ...fleet.autoHandlerOptions(), retryMs: 100, keepAliveMs: 0 })
const running = await serve(app)
console.log(`listening ${running.url}/`)
process.on('SIGTERM', async () => {
  await fleet.close()
  server.close()
  await running.close()
  process.exit(0)
})
