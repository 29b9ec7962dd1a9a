#!/usr/bin/env node
// `npm run size`: the Worker bundle (what `wrangler deploy` uploads) and the budget of our packages + hono
// (≤ 65 KiB minified, ≤ 23 KiB gzipped: issue 18), measured on an entry that imports only what this app uses of
// them, so the app's own code is left out, as are dependencies that are not ours (the JSON Schema validator).
// Exits 1 when over budget. `--features` adds what each feature costs (see feature-cost.mjs) and the size of the
// smallest server (a tools-only 2026-07-28 Worker) against its goal, mcp-lite's size.
import { featureCosts } from './feature-cost.mjs'
import { MCP_LITE, measureWorker, minimalWorker, OURS } from './worker-bundle.mjs'

const BUDGET = { minified: 65 * 1024, gzipped: 23 * 1024 }
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`

/** Bytes of the output per package (from esbuild's metafile). */
function byPackage(meta) {
  const sizes = new Map()
  for (const output of Object.values(meta.outputs))
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]
      const workspace = /packages\/([^/]+)\//.exec(path)?.[1]
      const name = dependency ?? (workspace === undefined ? 'app' : `@edgemcp/${workspace}`)
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput)
    }
  return [...sizes].sort((a, b) => b[1] - a[1])
}

const app = await measureWorker({ entryPoints: ['src/index.ts'] })
const ours = await measureWorker(OURS)

console.log(`Worker bundle (app + dependencies, minified): ${kib(app.minified)}, gzipped ${kib(app.gzipped)}`)
console.log(
  `Our packages + hono, as this app uses them (without @cfworker/json-schema): ${kib(ours.minified)} minified, ${kib(ours.gzipped)} gzipped`,
)
for (const [name, bytes] of byPackage(ours.meta))
  if (bytes > 0) console.log(`  ${name.padEnd(28)} ${kib(bytes)}`)
if (process.argv.includes('--features')) {
  console.log('What each feature adds (at least; its modules replaced by empty stand-ins):')
  for (const { feature, minified, gzipped } of await featureCosts(ours))
    console.log(`  ${feature.padEnd(46)} ${kib(minified)} minified, ${kib(gzipped)} gzipped`)
  const minimal = await measureWorker(minimalWorker())
  const withValidator = await measureWorker(minimalWorker({ withValidator: true }))
  console.log(
    `A tools-only 2026-07-28 Worker (one JSON Schema tool, createMcpFetchHandler): ${kib(minimal.minified)} minified, ` +
      `${kib(minimal.gzipped)} gzipped without @cfworker/json-schema (goal: mcp-lite's ${kib(MCP_LITE.minified)}, ` +
      `${kib(MCP_LITE.gzipped)}); ${kib(withValidator.minified)}, ${kib(withValidator.gzipped)} with it`,
  )
}
const over = []
if (ours.minified > BUDGET.minified) over.push(`minified ${kib(ours.minified)} > ${kib(BUDGET.minified)}`)
if (ours.gzipped > BUDGET.gzipped) over.push(`gzipped ${kib(ours.gzipped)} > ${kib(BUDGET.gzipped)}`)
if (over.length > 0) {
  console.log(`Over budget: ${over.join(', ')}`)
  process.exitCode = 1
} else console.log(`Within budget (≤ ${kib(BUDGET.minified)} minified, ≤ ${kib(BUDGET.gzipped)} gzipped).`)
