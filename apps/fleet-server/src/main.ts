#!/usr/bin/env node
// `npm run fleet`: Redis (unless REDIS_URL is set), three instances on free ports, and a round-robin proxy
// on http://127.0.0.1:8788/mcp (PROXY_PORT to change it). Ctrl-C stops them all.
import { startFleet } from './launch.js'

const fleet = await startFleet({
  proxyPort: Number(process.env.PROXY_PORT ?? 8788),
  redisUrl: process.env.REDIS_URL || undefined,
  ...(process.env.MCP_MRTR_SECRET ? { mrtrSecret: process.env.MCP_MRTR_SECRET } : {}),
  onOutput: (i, text) => process.stdout.write(text.replace(/^(?=.)/gm, `[instance ${i + 1}] `)),
})
console.log(`Redis: ${fleet.redis ? `${fleet.redisUrl} (started here)` : fleet.redisUrl}`)
console.log(
  `MCP fleet of ${fleet.instances.length} instances behind ${fleet.url} (round robin); Ctrl-C stops it`,
)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping the proxy, the instances and Redis`)
  setTimeout(() => process.exit(1), 10_000).unref()
  await fleet.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
