// `npm run size`: prints each entry's minified and gzipped size against its budget (exits 1 when over), then
// the same measurement for the HTTP servers of edgemcp and of peer libraries, all dependencies bundled.
import { entries } from './budgets.mjs'
import { kib, measure } from './measure.mjs'
import { peers, REFERENCE } from './peers.mjs'

let failed = false
console.log('| entry | minified | gzipped | budget (gzip) | status |')
console.log('| --- | --- | --- | --- | --- |')
for (const entry of entries) {
  const m = await measure(entry)
  const over = m.gzipped > entry.budgetGzip
  const leaked = (entry.mustNotContain ?? []).filter((s) => m.code.includes(s))
  failed ||= over || leaked.length > 0
  console.log(
    `| ${entry.name} | ${kib(m.minified)} | ${kib(m.gzipped)} | ${kib(entry.budgetGzip)} | ${over ? 'OVER' : 'ok'}${leaked.length ? ` (contains ${leaked.join(', ')})` : ''} |`,
  )
}

console.log('\nMCP over HTTP in a Worker, every dependency bundled (esbuild, minified, ESM, es2022):\n')
console.log('| server + web-standard transport | covers | minified | gzipped | gzip vs edgemcp |')
console.log('| --- | --- | --- | --- | --- |')
const measured = []
for (const peer of peers) measured.push({ peer, m: await measure(peer) })
const reference = measured.find((r) => r.peer.name === REFERENCE)?.m.gzipped ?? Number.NaN
for (const { peer, m } of measured)
  console.log(
    `| ${peer.name} | ${peer.covers} | ${kib(m.minified)} | ${kib(m.gzipped)} | ${(m.gzipped / reference).toFixed(2)}× |`,
  )
process.exit(failed ? 1 : 0)
