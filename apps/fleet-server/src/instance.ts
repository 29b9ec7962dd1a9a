import { createConformanceServer } from '@edgemcp/conformance-server/create-server'
import type { FixtureHooks } from '@edgemcp/conformance-server/fixtures'
import { createRedisFleet, type RedisFleet } from '@edgemcp/redis'
import { createAutoHandler } from '@edgemcp/sse'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { Hono } from 'hono'

/** The MCP endpoint path of every instance (and of the proxy in front). */
export const MCP_PATH = '/mcp'

export interface InstanceOptions {
  /** The fleet's Redis (ignored with `store: 'memory'`). */
  redisUrl: string
  /** The MRTR secret every instance shares (2026-07-28 `input_required` state is checked by any of them). */
  mrtrSecret: string
  /** Port; 0: a free one. */
  port?: number | undefined
  /** Key prefix of the fleet in Redis. Default `mcp:`. */
  prefix?: string | undefined
  /** Liveness period (see `RedisFleetOptions.heartbeatMs`). */
  heartbeatMs?: number | undefined
  /** `memory`: the transports' in-memory stores, no Redis (one instance alone; the benchmark's baseline). */
  store?: 'redis' | 'memory' | undefined
  /**
   * The proxies in front (see `RedisFleetOptions.trustedProxies`): a client behind one is named by its
   * `X-Forwarded-For` address. Default loopback, where the fleet's own proxy (`startProxy`) runs.
   */
  trustedProxies?: readonly string[] | undefined
  /** Legacy sessions one client may hold in the whole fleet (`RedisFleetOptions.maxSessionsPerClient`). */
  maxSessionsPerClient?: number | undefined
}

/** Where the fleet's own proxy runs: loopback. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.1', '::1']

export interface RunningInstance {
  /** `http://127.0.0.1:PORT` (the endpoint is `${url}/mcp`). */
  url: string
  /** Undefined with `store: 'memory'`. */
  fleet: RedisFleet | undefined
  /** Leaves the fleet and stops serving. */
  close(): Promise<void>
}

/**
 * One instance of the fleet: the conformance server's tools (apps/conformance-server) on a Redis fleet, both
 * transports (Streamable HTTP of both eras, legacy HTTP+SSE) at `/mcp`.
 */
export async function startInstance(options: InstanceOptions): Promise<RunningInstance> {
  const hooks: FixtureHooks = {}
  const server = createConformanceServer({ mrtrSecret: options.mrtrSecret, hooks })
  const fleet =
    options.store === 'memory'
      ? undefined
      : await createRedisFleet(server, {
          url: options.redisUrl,
          prefix: options.prefix,
          heartbeatMs: options.heartbeatMs,
          trustedProxies: options.trustedProxies ?? LOOPBACK_PROXIES,
          maxSessionsPerClient: options.maxSessionsPerClient,
          onError: () => {}, // reconnects by itself; requests meanwhile get 503
        })
  const mcp = createAutoHandler(server, { ...fleet?.autoHandlerOptions(), retryMs: 200 })
  hooks.closeSseStream = (sessionId, requestId) => mcp.streamable.closeSseStream(sessionId, requestId)
  const app = new Hono().route(MCP_PATH, mcp)
  let running: RunningServer
  try {
    running = await serve(app, { port: options.port ?? 0, hostname: '127.0.0.1' })
  } catch (e) {
    await fleet?.close()
    throw e
  }
  return {
    url: running.url,
    fleet,
    async close() {
      await fleet?.close()
      server.close()
      await running.close()
    },
  }
}
