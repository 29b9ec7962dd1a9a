import { McpServer } from '@edgemcp/core'
import { createAutoHandler } from '@edgemcp/sse'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { createRedisFleet, type RedisFleet, type RedisFleetOptions } from '../../src/index.js'

export type Json = Record<string, any>

/** What the handlers of the test tools observed (per instance). */
export interface Observed {
  /** Elicitations that ended (how). */
  asked: string[]
  /** Requests of the `wait` tool that started. */
  started: Array<string | number>
  /** Requests of the `wait` tool whose handler saw its signal abort. */
  aborted: Array<string | number>
}

/** A server with the tools the fleet tests drive; every instance registers the same ones. */
export function makeServer(observed: Observed): McpServer {
  const server = new McpServer({ name: 'fleet-test', version: '1.0.0' }, { mrtrSecret: 'fleet-test-secret' })
  server.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    (args) => ({
      content: [{ type: 'text', text: String(args.text) }],
    }),
  )
  // A progress event, then the text back: an SSE answer (stored for resumption) of any size.
  server.tool(
    'stream_echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    async (args, ctx) => {
      await ctx.progress(1, 1, 'echoing')
      return { content: [{ type: 'text', text: String(args.text) }] }
    },
  )
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
  server.tool(
    'confirm',
    { inputSchema: { type: 'object', properties: { timeoutMs: { type: 'integer' } } } },
    async (args, ctx) => {
      try {
        const r = await ctx.elicit(
          { message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
          args.timeoutMs === undefined ? undefined : { timeoutMs: Number(args.timeoutMs) },
        )
        observed.asked.push(`answered:${r.action}`)
        return { content: [{ type: 'text', text: `${r.action}:${JSON.stringify(r.content ?? {})}` }] }
      } catch (e) {
        observed.asked.push(`failed:${(e as Error).name}`)
        throw e
      }
    },
  )
  server.tool('wait', {}, async (_args, ctx) => {
    observed.started.push(ctx.requestId)
    await new Promise<void>((resolve) =>
      ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
    )
    observed.aborted.push(ctx.requestId)
    return { content: [{ type: 'text', text: 'aborted' }] }
  })
  server.tool(
    'touch',
    { inputSchema: { type: 'object', properties: { uri: { type: 'string' } } } },
    async (args) => {
      await server.notifyResourceUpdated(String(args.uri))
      return { content: [{ type: 'text', text: 'touched' }] }
    },
  )
  server.tool('log', {}, async (_args, ctx) => {
    await ctx.log('info', 'an info line')
    await ctx.log('error', 'an error line')
    return { content: [{ type: 'text', text: 'logged' }] }
  })
  server.resource('note://a', { name: 'a', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'A' }],
  }))
  return server
}

export interface Instance {
  url: string
  fleet: RedisFleet
  server: McpServer
  observed: Observed
  /** Leaves the fleet and stops serving (a graceful shutdown). */
  close(): Promise<void>
}

/** One instance of a fleet: the test server with both transports on one URL, stores in Redis. */
export async function startInstance(options: RedisFleetOptions): Promise<Instance> {
  const observed: Observed = { asked: [], started: [], aborted: [] }
  const server = makeServer(observed)
  const fleet = await createRedisFleet(server, options)
  const app = createAutoHandler(server, { ...fleet.autoHandlerOptions(), retryMs: 100, keepAliveMs: 0 })
  const running: RunningServer = await serve(app)
  let closed = false
  return {
    url: `${running.url}/`,
    fleet,
    server,
    observed,
    async close() {
      if (closed) return
      closed = true
      await fleet.close()
      server.close()
      await running.close()
    },
  }
}
