#!/usr/bin/env node
// `npm run size`: the Worker bundle (what `wrangler deploy` uploads) and the budget of our packages + hono
// (goal ≤ 65 KiB minified, ≤ 23 KiB gzipped: issue 18; CEILING in worker-bundle.mjs is what the bundle test
// enforces meanwhile), measured on an entry that imports only what this app uses of them, so the app's own
// code is left out, as are dependencies that are not ours (the JSON Schema validator). Exits 1 when over the
// ceiling. `--features` adds what each feature costs (see feature-cost.mjs) and the size of the
// smallest server (a tools-only 2026-07-28 Worker) against its goal, mcp-lite's size.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { featureCosts, minimalFeatureCosts } from './feature-cost.mjs'
import {
  CEILING,
  GOAL,
  MCP_LITE,
  measureWorker,
  minimalWorker,
  OURS,
  OURS_WITH_APPS,
  OURS_WITH_TASKS,
  withoutBoard,
} from './worker-bundle.mjs'
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
const withTasks = await measureWorker(OURS_WITH_TASKS)
const tasksAdd = { minified: withTasks.minified - ours.minified, gzipped: withTasks.gzipped - ours.gzipped }
console.log(
  `What the task tool adds (tasks extension, task object and runner; measured apart from the goal): ${kib(tasksAdd.minified)} minified, ${kib(tasksAdd.gzipped)} gzipped`,
)
const withApps = await measureWorker(OURS_WITH_APPS)
const boardHtml = readFileSync(new URL('../src/board/notes-board.html', import.meta.url))
console.log(
  `What the MCP App adds (@edgemcp/core/apps; measured apart, on top of tasks): ${kib(withApps.minified - withTasks.minified)} minified, ${kib(withApps.gzipped - withTasks.gzipped)} gzipped; its View (notes-board.html, the app's own): ${kib(boardHtml.length)}, gzipped ${kib(gzipSync(boardHtml, { level: 9 }).length)}`,
)
const noBoard = await measureWorker({ entryPoints: ['src/index.ts'], plugins: [withoutBoard] })
const boardAdds = { minified: app.minified - noBoard.minified, gzipped: app.gzipped - noBoard.gzipped }
console.log(
  `What the notes board (the MCP App) adds to the Worker bundle (with it − without it; @edgemcp/core/apps, its tools and View): ${kib(boardAdds.minified)} minified, ${kib(boardAdds.gzipped)} gzipped`,
)
if (process.argv.includes('--features')) {
  console.log('What each feature adds (at least; its modules replaced by empty stand-ins):')
  for (const { feature, minified, gzipped } of await featureCosts(ours))
    console.log(`  ${feature.padEnd(46)} ${kib(minified)} minified, ${kib(gzipped)} gzipped`)
  const minimal = await measureWorker(minimalWorker())
  const withValidator = await measureWorker(minimalWorker({ withValidator: true }))
  const streaming = await measureWorker(minimalWorker({ streaming: true }))
  console.log(
    `A tools-only 2026-07-28 Worker (ToolServer, one JSON Schema tool, createStatelessJsonHandler): ${kib(minimal.minified)} minified, ` +
      `${kib(minimal.gzipped)} gzipped without @cfworker/json-schema (goal: mcp-lite's ${kib(MCP_LITE.minified)}, ` +
      `${kib(MCP_LITE.gzipped)}); ${kib(withValidator.minified)}, ${kib(withValidator.gzipped)} with it; ` +
      `${kib(streaming.minified)}, ${kib(streaming.gzipped)} streaming progress (createStatelessFetchHandler)`,
  )
  console.log(
    'What it carries but could do without (alone; and what is left once this and those above are gone):',
  )
  for (const { feature, minified, gzipped, left } of await minimalFeatureCosts(minimal))
    console.log(
      `  ${feature.padEnd(52)} ${kib(minified)} / ${kib(gzipped)} gz; left ${kib(left.minified)} / ${kib(left.gzipped)} gz`,
    )
}
/** What is over `limit`, as text. */
const overOf = (m, limit) =>
  ['minified', 'gzipped'].filter((k) => m[k] > limit[k]).map((k) => `${k} ${kib(m[k])} > ${kib(limit[k])}`)
const overGoal = overOf(ours, GOAL)
const overCeiling = overOf(ours, CEILING.ours)
console.log(
  overGoal.length > 0
    ? `Over the goal (issue 18): ${overGoal.join(', ')}`
    : `Within the goal (≤ ${kib(GOAL.minified)} minified, ≤ ${kib(GOAL.gzipped)} gzipped).`,
)
const tasksOver = overOf(tasksAdd, CEILING.tasks)
if (tasksOver.length > 0) {
  console.log(`What the task tool adds is over its ceiling: ${tasksOver.join(', ')}`)
  process.exitCode = 1
}
const boardOver = overOf(boardAdds, CEILING.sampleApp)
if (boardOver.length > 0) {
  console.log(`What the notes board adds is over its ceiling: ${boardOver.join(', ')}`)
  process.exitCode = 1
}
if (overCeiling.length > 0) {
  console.log(`Over the ceiling the bundle test enforces: ${overCeiling.join(', ')}`)
  process.exitCode = 1
}
