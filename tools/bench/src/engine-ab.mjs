// Same-run A/B of the engine alone: CPU time per McpServer.handle() of a 2026-07-28 request, in process (no
// HTTP, no socket), for two builds of @edgemcp/core. For micro-optimisations whose effect the HTTP bench cannot
// resolve on a shared machine: blocks of each build alternate, and the medians are compared.
// Usage: node src/engine-ab.mjs <dist dir A> <dist dir B> [call|list] [blocks] [requests per block]
// e.g. copy packages/core/dist to /tmp/core-a before a change, rebuild, then
//      node src/engine-ab.mjs /tmp/core-a ../../packages/core/dist call
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [dirA, dirB, workload = 'call', blocksArg = '10', perBlockArg = '20000'] = process.argv.slice(2)
if (!dirA || !dirB || (workload !== 'call' && workload !== 'list')) {
  console.error('usage: node src/engine-ab.mjs <dist dir A> <dist dir B> [call|list] [blocks] [per block]')
  process.exit(2)
}
const blocks = Number(blocksArg)
const perBlock = Number(perBlockArg)
/** @param {string} dir @returns {Promise<any>} */
const load = (dir) => import(pathToFileURL(path.resolve(dir, 'index.js')).href)

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'engine-ab', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
}
const schema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }
/** @type {(id: number) => object} */
const request =
  workload === 'call'
    ? (id) => ({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' }, _meta: meta },
      })
    : (id) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta } })

/** @param {any} core @returns {any} */
function serverOf(core) {
  const server = new core.McpServer({ name: 'engine-ab', version: '1' })
  server.tool('echo', { inputSchema: schema }, (/** @type {any} */ a) => ({
    content: [{ type: 'text', text: String(a.text) }],
  }))
  return server
}

/**
 * CPU µs per request over one block; the first answer is checked so a broken build cannot look fast.
 * @param {any} server
 * @param {number} n
 */
async function block(server, n) {
  const first = await server.handle(request(0), { era: 'modern' })
  if (first?.body?.error || first?.status !== 200) throw new Error(`bad answer: ${JSON.stringify(first)}`)
  const t = process.cpuUsage()
  for (let i = 1; i <= n; i++) await server.handle(request(i), { era: 'modern' })
  const d = process.cpuUsage(t)
  return (d.user + d.system) / n
}

/** @type {Record<'A' | 'B', any>} */
const servers = { A: serverOf(await load(dirA)), B: serverOf(await load(dirB)) }
/** @type {Record<'A' | 'B', number[]>} */
const runs = { A: [], B: [] }
for (const k of /** @type {const} */ (['A', 'B'])) await block(servers[k], perBlock) // warm-up
for (let r = 0; r < blocks; r++) {
  /** @type {Array<'A' | 'B'>} */
  const order = r % 2 ? ['A', 'B'] : ['B', 'A']
  for (const k of order) runs[k].push(await block(servers[k], perBlock))
}
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1] ?? Number.NaN
const [a, b] = [median(runs.A), median(runs.B)]
const load1 = (await import('node:os')).loadavg()[0] ?? Number.NaN
console.log(
  `engine A/B, ${workload}, ${blocks} blocks × ${perBlock} requests, 1-minute load ${load1.toFixed(1)}`,
)
console.log(`A ${dirA}: ${a.toFixed(3)} µs CPU/request (median)`)
console.log(`B ${dirB}: ${b.toFixed(3)} µs CPU/request (median)`)
console.log(`B/A: ${(b / a).toFixed(3)}`)
