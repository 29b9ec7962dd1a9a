#!/usr/bin/env node
// A stand-in for wrk in the runner test, so that `npm test` needs no wrk package: it takes wrk's arguments
// (-c, -d, -s script, url), reads the request back out of the generated Lua script (its header table and the
// body around the id are JSON string literals), sends it over -c keep-alive connections for -d seconds and
// prints the summary line the script's done() prints. What wrk itself does with the script is not tested here.
import { readFileSync } from 'node:fs'
import http from 'node:http'

const args = process.argv.slice(2)
const flag = (/** @type {string} */ name) => {
  const hit = args.find((a) => a.startsWith(name))
  return hit === undefined ? undefined : hit === name ? args[args.indexOf(hit) + 1] : hit.slice(name.length)
}
const url = args.at(-1) ?? ''
const connections = Number(flag('-c'))
const seconds = Number.parseFloat(flag('-d') ?? '1')
const lua = readFileSync(flag('-s') ?? '', 'utf8')
/** @type {Record<string, string>} */
const headers = {}
for (const m of lua.matchAll(/^ {4}\[("(?:[^"\\]|\\.)*")\] = ("(?:[^"\\]|\\.)*"),$/gm))
  headers[JSON.parse(m[1] ?? '')] = JSON.parse(m[2] ?? '')
const format =
  /wrk\.format\("POST", ("(?:[^"\\]|\\.)*"), headers, ("(?:[^"\\]|\\.)*") \.\. \(base \+ k\) \.\. ("(?:[^"\\]|\\.)*")\)/.exec(
    lua,
  )
if (format === null) throw new Error('fake-wrk: no wrk.format line in the script')
const [prefix, suffix] = [JSON.parse(format[2] ?? ''), JSON.parse(format[3] ?? '')]
const target = new URL(JSON.parse(format[1] ?? ''), url)

const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
const end = Date.now() + seconds * 1000
const t0 = process.hrtime.bigint()
let id = 1_000_000_000
let requests = 0
let status = 0
let read = 0
/** @type {number[]} */
const latencies = []
const one = () =>
  new Promise((resolve) => {
    const body = prefix + id++ + suffix
    const start = process.hrtime.bigint()
    const r = http.request(
      target,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume()
        res.on('end', () => {
          requests++
          if ((res.statusCode ?? 500) >= 400) status++
          latencies.push(Number(process.hrtime.bigint() - start) / 1000)
          resolve(undefined)
        })
      },
    )
    r.on('error', () => {
      read++
      resolve(undefined)
    })
    r.end(body)
  })
const worker = async () => {
  while (Date.now() < end) await one()
}
await Promise.all(Array.from({ length: connections }, worker))
agent.destroy()
latencies.sort((a, b) => a - b)
const at = (/** @type {number} */ q) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
const durationUs = Math.round(Number(process.hrtime.bigint() - t0) / 1000)
process.stdout.write(
  `Running ${seconds}s test @ ${url}\n` +
    `${JSON.stringify({ requests, durationUs, connect: 0, read, write: 0, status, timeout: 0, p50: at(0.5), p99: at(0.99) })}\n`,
)
