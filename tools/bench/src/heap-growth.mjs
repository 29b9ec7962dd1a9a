#!/usr/bin/env node
// How fast a contender's old space grows under load, and how often it is collected: what promoted garbage
// costs. A request's objects should die young; objects that live just long enough to be promoted (e.g. the
// table of a long-lived Map that every request adds to and deletes from) make old space grow by megabytes a
// second and bring mark-compacts, a cost that instruction counts (instructions.mjs) do not show. The server
// runs with heap-watch.mjs preloaded under wrk, measured as bench.mjs measures it (answers checked too).
// Usage: node src/heap-growth.mjs [--only ids] [--workload b] [--duration 5]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { LOAD, measureContender } from './measure.mjs'
import { CONTENDERS } from './servers/index.mjs'
import { workloadById } from './workloads.mjs'

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'raw-hono,edgemcp-serve' },
    workload: { type: 'string', default: 'b' },
    duration: { type: 'string', default: '5' },
  },
})
const workload = workloadById(values.workload)
const dir = mkdtempSync(join(tmpdir(), 'heap-growth-'))
const watch = new URL('./heap-watch.mjs', import.meta.url).pathname
try {
  for (const id of values.only.split(',')) {
    const contender = CONTENDERS.find((c) => c.id === id)
    if (!contender) throw new Error(`unknown contender ${id}`)
    const out = join(dir, `${id}.json`)
    const env = ['env', `NODE_OPTIONS=--import=${watch}`, `HEAP_WATCH_OUT=${out}`]
    const duration = Number(values.duration)
    const measured = await measureContender(contender, workload, { ...LOAD, duration, warmup: 1 }, env)
    if (!('ok' in measured)) throw new Error(`${id}: ${JSON.stringify(measured)}`)
    const load = measured.ok
    /** @type {{ oldSpaceKiB: number[], gcs: Record<string, { count: number, ms: number }> }} */
    const seen = JSON.parse(readFileSync(out, 'utf8'))
    // Growth between collections: the sum of every rise of the sampled old space (a fall is a collection).
    const rises = seen.oldSpaceKiB
      .slice(1)
      .reduce((sum, kib, i) => sum + Math.max(0, kib - (seen.oldSpaceKiB[i] ?? kib)), 0)
    const seconds = seen.oldSpaceKiB.length / 2
    const gcs = Object.entries(seen.gcs)
      .map(([k, g]) => `${k} ${g.count} (${g.ms.toFixed(0)} ms)`)
      .join(', ')
    console.log(
      `${values.workload} ${id.padEnd(16)} ${Math.round(load.rps)} req/s  old space +${(rises / 1024 / seconds).toFixed(1)} MiB/s` +
        ` (${Math.round((rises * 1024) / (load.rps * seconds))} B/request)  gc: ${gcs}`,
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
