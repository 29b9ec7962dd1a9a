#!/usr/bin/env node
// Instructions per request of a contender's server (callgrind): a figure that does not move with the machine's
// load, for before/after verdicts of an optimisation on a shared machine (wall-clock req/s and even CPU µs per
// request move by ±10 % there). The server runs under `valgrind --tool=callgrind` (all its threads: JIT, GC),
// answers `--warmup` requests (V8 tiers the hot path up), has its counters zeroed, answers `--requests` more,
// and its counters are dumped: instructions / requests. Its client is this process, outside valgrind, keeping
// `--connections` keep-alive connections busy.
// Usage: node src/instructions.mjs [--only ids] [--workloads a,b,c] [--requests n] [--warmup n] [--keep dir]
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ID_TOKEN, prepareLoad } from './mcp-client.mjs'
import { startServer } from './runner.mjs'
import { CONTENDERS } from './servers/index.mjs'
import { TOOL_COUNT } from './servers/tools.mjs'
import { WORKLOADS } from './workloads.mjs'

/**
 * Sends `count` copies of the load request (each with its own id), `connections` at a time.
 * @param {string} url
 * @param {import('./mcp-client.mjs').LoadRequest} req
 * @param {number} count
 * @param {number} connections
 * @param {{ next: number }} ids
 */
export async function sendMany(url, req, count, connections, ids) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const [prefix = '', suffix = ''] = req.body.split(JSON.stringify(ID_TOKEN))
  let left = count
  const one = () =>
    new Promise((resolve, reject) => {
      const body = prefix + ids.next++ + suffix
      const r = http.request(
        url,
        { method: 'POST', agent, headers: { ...req.headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume()
          res.on('end', () =>
            res.statusCode !== undefined && res.statusCode < 300
              ? resolve(undefined)
              : reject(new Error(`HTTP ${res.statusCode}`)),
          )
        },
      )
      r.on('error', reject)
      r.end(body)
    })
  const worker = async () => {
    while (left-- > 0) await one()
  }
  try {
    await Promise.all(Array.from({ length: connections }, worker))
  } finally {
    agent.destroy()
  }
}

/**
 * The `totals:` (or `summary:`) line of a callgrind dump: instructions (Ir) counted.
 * @param {string} text
 */
export function callgrindTotal(text) {
  const m = /^(?:totals|summary):\s+(\d+)/m.exec(text)
  if (m === null) throw new Error('no totals line in the callgrind dump')
  return Number(m[1])
}

/**
 * @param {import('./servers/index.mjs').Contender} c
 * @param {import('./workloads.mjs').Workload} w
 * @param {{ requests: number, warmup: number, connections: number, cpu: number, keep?: string | undefined }} opts
 *   `keep`: a directory to copy the dump to (`callgrind_annotate` shows where native code spent them)
 */
async function countOne(c, w, opts) {
  const dir = mkdtempSync(join(tmpdir(), 'edgemcp-callgrind-'))
  const wrap = [
    'valgrind',
    '--tool=callgrind',
    `--callgrind-out-file=${join(dir, 'cg.out')}`,
    '--dump-instr=no',
  ]
  const server = await startServer(c.file, { mode: w.mode, toolset: w.toolset }, opts.cpu, undefined, wrap)
  if ('skipped' in server) return { skipped: server.skipped }
  try {
    const url = `http://127.0.0.1:${server.port}/mcp`
    const { req } = await prepareLoad(url, w, c.version, TOOL_COUNT)
    const ids = { next: 1 }
    await sendMany(url, req, opts.warmup, opts.connections, ids)
    const control = (/** @type {string} */ flag) => {
      const r = spawnSync('callgrind_control', [flag, String(server.pid)], { encoding: 'utf8' })
      if (r.status !== 0) throw new Error(`callgrind_control ${flag}: ${r.stderr || r.stdout}`)
    }
    control('--zero')
    await sendMany(url, req, opts.requests, opts.connections, ids)
    control('--dump')
    const dumps = readdirSync(dir).filter((f) => /^cg\.out\.\d+$/.test(f))
    const last = dumps.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop())).at(-1)
    if (last === undefined) throw new Error('callgrind wrote no dump')
    const dump = join(dir, last)
    if (opts.keep !== undefined) copyFileSync(dump, join(opts.keep, `callgrind.${w.id}.${c.id}.out`))
    return { ir: callgrindTotal(readFileSync(dump, 'utf8')) / opts.requests }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      workloads: { type: 'string' },
      requests: { type: 'string', default: '2000' },
      warmup: { type: 'string', default: '4000' },
      connections: { type: 'string', default: '4' },
      cpu: { type: 'string', default: '0' },
      keep: { type: 'string' },
    },
  })
  const only = values.only?.split(',')
  const wanted = values.workloads?.split(',')
  const opts = {
    requests: Number(values.requests),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    cpu: Number(values.cpu),
    keep: values.keep,
  }
  console.log(
    `instructions per request (callgrind, all threads), ${opts.requests} requests after ${opts.warmup}, ` +
      `${opts.connections} connections`,
  )
  for (const w of WORKLOADS.filter((x) => !wanted || wanted.includes(x.id)))
    for (const c of CONTENDERS.filter((x) => (!only || only.includes(x.id)) && x.modes.includes(w.mode))) {
      const r = await countOne(c, w, opts).catch((/** @type {Error} */ e) => ({ failed: e.message }))
      const shown = 'ir' in r ? Math.round(r.ir).toLocaleString('en-US') : JSON.stringify(r)
      console.log(`${w.id}  ${c.id.padEnd(16)} ${shown}`)
    }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
