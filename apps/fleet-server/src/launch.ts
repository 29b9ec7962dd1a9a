import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { type RunningRedis, startRedisServer } from '@edgemcp/redis/testing'
import { type RunningProxy, startProxy } from './proxy.js'

// The built entry, from dist/ and from src/ (tests) alike.
const INSTANCE_MAIN = fileURLToPath(new URL('../dist/instance-main.js', import.meta.url))

export interface FleetOptions {
  /** Instances. Default 3. */
  instances?: number
  /** The proxy's port: 8788 for `npm run fleet`; 0 (default) picks a free one. */
  proxyPort?: number
  /** A Redis to use; default: a redis-server started (and stopped) here, on a free port. */
  redisUrl?: string | undefined
  /** Shared by the instances; default: random per fleet. */
  mrtrSecret?: string
  /** Key prefix. Default `mcp:`. */
  prefix?: string
  /** Instances' liveness period in ms. Default 1000. */
  heartbeatMs?: number
  /** `memory`: instances with in-memory stores (no Redis; only meaningful with one instance). */
  store?: 'redis' | 'memory'
  /** Legacy sessions one client (by its address, from the proxy's `X-Forwarded-For`) may hold in the fleet. */
  maxSessionsPerClient?: number
  /** Each instance's output, line by line. */
  onOutput?: (instance: number, text: string) => void
}

/** One instance process of a running fleet. */
export interface FleetInstance {
  /** Its base URL while running (undefined while stopped). */
  readonly url: string | undefined
  readonly pid: number | undefined
  /** SIGKILL: dies at once, nothing cleaned up. */
  kill(): Promise<void>
  /** SIGTERM: leaves the fleet gracefully. */
  stop(): Promise<void>
  /** Starts it again (a new process, a new port) after `kill` or `stop`. */
  start(): Promise<void>
}

export interface RunningFleet {
  /** The proxy's MCP endpoint, e.g. `http://127.0.0.1:8788/mcp`. */
  url: string
  proxy: RunningProxy
  instances: FleetInstance[]
  /** The Redis started for the fleet (undefined when `redisUrl` was given). */
  redis: RunningRedis | undefined
  redisUrl: string
  /** Stops the proxy, the instances (SIGTERM) and the Redis started here. */
  stop(): Promise<void>
}

/** Starts `instance-main.js` and resolves once it prints its URL. */
function spawnInstance(env: Record<string, string>, onOutput: (text: string) => void) {
  const child = spawn(process.execPath, [INSTANCE_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start within 30 s: ${output}`)), 30_000)
    const read = (d: Buffer) => {
      const text = d.toString()
      onOutput(text)
      output = (output + text).slice(-4000)
      const m = /instance listening (http:\/\/\S+)\/mcp/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`instance exited (${code}) before it listened: ${output}`))
    })
  })
  return { child, exited, url }
}

/**
 * A fleet on this machine: Redis (unless `redisUrl`), N instance processes on free ports, and a round-robin
 * proxy in front of them at `/mcp`.
 */
export async function startFleet(options: FleetOptions = {}): Promise<RunningFleet> {
  const redis = options.redisUrl ? undefined : await startRedisServer()
  const redisUrl = options.redisUrl ?? redis!.url
  const env: Record<string, string> = {
    REDIS_URL: redisUrl,
    MCP_MRTR_SECRET: options.mrtrSecret ?? randomBytes(32).toString('base64url'),
    PORT: '0',
    HEARTBEAT_MS: String(options.heartbeatMs ?? 1000),
    STORE: options.store ?? 'redis',
    ...(options.prefix === undefined ? {} : { PREFIX: options.prefix }),
    ...(options.maxSessionsPerClient === undefined
      ? {}
      : { MAX_SESSIONS_PER_CLIENT: String(options.maxSessionsPerClient) }),
  }
  const instances = Array.from({ length: options.instances ?? 3 }, (_, i) => {
    let current: { child: ChildProcess; exited: Promise<void>; url: string } | undefined
    const instance: FleetInstance = {
      get url() {
        return current?.url
      },
      get pid() {
        return current?.child.pid
      },
      async start() {
        const started = spawnInstance(env, (text) => options.onOutput?.(i, text))
        current = { ...started, url: await started.url }
      },
      async kill() {
        const c = current
        current = undefined
        c?.child.kill('SIGKILL')
        await c?.exited
      },
      async stop() {
        const c = current
        current = undefined
        c?.child.kill('SIGTERM')
        await c?.exited
      },
    }
    return instance
  })
  let proxy: RunningProxy | undefined
  try {
    await Promise.all(instances.map((i) => i.start()))
    proxy = await startProxy({
      port: options.proxyPort ?? 0,
      backends: () => instances.flatMap((i) => (i.url ? [i.url] : [])),
    })
  } catch (e) {
    await Promise.all(instances.map((i) => i.stop()))
    await redis?.stop()
    throw e
  }
  const running = proxy
  return {
    url: `${running.url}/mcp`,
    proxy: running,
    instances,
    redis,
    redisUrl,
    async stop() {
      await running.close()
      await Promise.all(instances.map((i) => i.stop()))
      await redis?.stop()
    },
  }
}
