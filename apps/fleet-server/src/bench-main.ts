#!/usr/bin/env node
// Benchmark (not a test): tools/call of established legacy sessions through one instance with the in-memory
// stores, one instance on Redis, and three instances on Redis (through the round-robin proxy, and with the
// client spreading requests itself). Prints req/s, p50/p99, CPU per request of the instances and of Redis,
// Redis commands per request (INFO commandstats), and the machine's load while measuring.
//   node dist/bench-main.js [--requests N] [--sessions N]
import fs from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { startRedisServer } from '@edgemcp/redis/testing'
import { createClient } from '@redis/client'
import { type RunningFleet, startFleet } from './launch.js'

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '6000' }, sessions: { type: 'string', default: '16' } },
})
const REQUESTS = Number(values.requests)
const SESSIONS = Number(values.sessions)
const REV = '2025-11-25'
const ACCEPT = 'application/json, text/event-stream'
const call = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'test_simple_text', arguments: {} },
  })

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // clock ticks of 1/100 s
}

async function initialize(url: string): Promise<Record<string, string>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }),
  })
  await res.text()
  const headers = { 'Mcp-Session-Id': res.headers.get('mcp-session-id')!, 'MCP-Protocol-Version': REV }
  await (
    await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    })
  ).text()
  return headers
}

/** `total` tools/calls, `SESSIONS` at a time (one session each, sequential), over `urls` in turn. */
async function load(
  urls: string[],
  sessions: Array<Record<string, string>>,
  total: number,
): Promise<number[]> {
  const latencies: number[] = []
  let sent = 0
  let turn = 0
  await Promise.all(
    sessions.map(async (headers) => {
      while (sent < total) {
        const id = ++sent
        const url = urls[turn++ % urls.length]!
        const t0 = performance.now()
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
          body: call(id),
        })
        const text = await res.text()
        if (res.status !== 200 || !text.includes('simple text')) throw new Error(`${res.status} ${text}`)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  return latencies
}

interface Row {
  setup: string
  reqPerSec: number
  p50: number
  p99: number
  instanceCpuUs: number
  redisCpuUs: number
  redisCommands: number
  commands: string
  load: string
}

const redis = await startRedisServer()
const stats = createClient({ url: redis.url })
await stats.connect()
const redisCpuMs = async () => {
  const info = await stats.info('cpu')
  const get = (k: string) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? 0)
  return (get('used_cpu_user') + get('used_cpu_sys')) * 1000
}
async function commandCounts(): Promise<Record<string, number>> {
  const info = await stats.info('commandstats')
  const counts: Record<string, number> = {}
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (!/^(info|config)/.test(m[1]!)) counts[m[1]!] = Number(m[2])
  return counts
}

async function measure(setup: string, fleet: RunningFleet, urls: string[]): Promise<Row> {
  const sessions = await Promise.all(
    Array.from({ length: SESSIONS }, (_, i) => initialize(urls[i % urls.length]!)),
  )
  await load(urls, sessions, Math.min(2000, REQUESTS / 3)) // warm-up: JIT, connections, session copies
  const pids = fleet.instances.map((i) => i.pid)
  const cpuOf = () => pids.reduce<number>((sum, pid) => sum + cpuMs(pid), 0)
  const cpu0 = cpuOf()
  const redis0 = await redisCpuMs()
  await stats.configResetStat()
  const load0 = os.loadavg()[0]!
  const t0 = performance.now()
  const latencies = (await load(urls, sessions, REQUESTS)).sort((a, b) => a - b)
  const seconds = (performance.now() - t0) / 1000
  const load1 = os.loadavg()[0]!
  const counts = await commandCounts()
  const cpu = cpuOf() - cpu0
  const redisCpu = (await redisCpuMs()) - redis0
  const commands = Object.values(counts).reduce((a, b) => a + b, 0)
  return {
    setup,
    reqPerSec: Math.round(REQUESTS / seconds),
    p50: latencies[Math.floor(latencies.length / 2)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    instanceCpuUs: Math.round((cpu * 1000) / REQUESTS),
    redisCpuUs: Math.round((redisCpu * 1000) / REQUESTS),
    redisCommands: commands / REQUESTS,
    commands: JSON.stringify(counts),
    load: `${load0.toFixed(1)} → ${load1.toFixed(1)}`,
  }
}

const rows: Row[] = []
const setups: Array<[string, Parameters<typeof startFleet>[0], (f: RunningFleet) => string[]]> = [
  ['1 instance, in-memory stores', { instances: 1, store: 'memory' }, (f) => [`${f.instances[0]!.url}/mcp`]],
  ['1 instance, Redis', { instances: 1 }, (f) => [`${f.instances[0]!.url}/mcp`]],
  ['3 instances, Redis, round-robin proxy', { instances: 3 }, (f) => [f.url]],
  ['3 instances, Redis, client round-robin', { instances: 3 }, (f) => f.instances.map((i) => `${i.url}/mcp`)],
]
try {
  for (const [name, options, urls] of setups) {
    // Background work (heartbeat, TTL upkeep) once a minute: only the requests' own commands are counted.
    const fleet = await startFleet({
      ...options,
      redisUrl: redis.url,
      heartbeatMs: 60_000,
      prefix: `bench${rows.length}:`,
    })
    try {
      rows.push(await measure(name, fleet, urls(fleet)))
    } finally {
      await fleet.stop()
    }
  }
} finally {
  await stats.close()
  await redis.stop()
}

const base = rows[0]!
console.log(
  `\ntools/call (test_simple_text) in ${SESSIONS} established legacy sessions, ${REQUESTS} measured requests per setup; ` +
    `Node ${process.version}, ${os.cpus().length} cores, loadavg(1 min) shown per setup\n`,
)
console.log(
  '| setup | req/s | ×base | p50 ms | p99 ms | instance CPU µs/req | Redis CPU µs/req | Redis commands/req | load |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
for (const r of rows)
  console.log(
    `| ${r.setup} | ${r.reqPerSec} | ${(r.reqPerSec / base.reqPerSec).toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.instanceCpuUs} | ${r.redisCpuUs} | ${r.redisCommands.toFixed(2)} | ${r.load} |`,
  )
console.log('\nRedis commands by name (measured run):')
for (const r of rows) console.log(`- ${r.setup}: ${r.commands}`)
