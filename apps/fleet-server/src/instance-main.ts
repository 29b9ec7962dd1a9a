#!/usr/bin/env node
// One fleet instance as a process: env REDIS_URL, MCP_MRTR_SECRET, PORT (0: free), PREFIX, HEARTBEAT_MS,
// STORE (redis, default; memory: no Redis, for the benchmark's baseline), TRUSTED_PROXIES (comma-separated
// addresses of the proxies in front; default loopback), MAX_SESSIONS_PER_CLIENT.
// Prints "instance listening http://127.0.0.1:PORT/mcp"; SIGTERM/SIGINT leave the fleet and exit.
import { MCP_PATH, startInstance } from './instance.js'

const env = process.env
const store = env.STORE === 'memory' ? 'memory' : 'redis'
if ((!env.REDIS_URL && store === 'redis') || !env.MCP_MRTR_SECRET) {
  console.error('set REDIS_URL and MCP_MRTR_SECRET')
  process.exit(2)
}
const instance = await startInstance({
  store,
  redisUrl: env.REDIS_URL ?? '',
  mrtrSecret: env.MCP_MRTR_SECRET,
  port: Number(env.PORT ?? 0),
  prefix: env.PREFIX,
  heartbeatMs: env.HEARTBEAT_MS === undefined ? undefined : Number(env.HEARTBEAT_MS),
  trustedProxies: env.TRUSTED_PROXIES?.split(',').map((a) => a.trim()),
  maxSessionsPerClient:
    env.MAX_SESSIONS_PER_CLIENT === undefined ? undefined : Number(env.MAX_SESSIONS_PER_CLIENT),
})
console.log(`instance listening ${instance.url}${MCP_PATH}`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  setTimeout(() => process.exit(1), 5000).unref()
  await instance.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
