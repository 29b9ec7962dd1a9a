#!/usr/bin/env node
// A/B of builds: raw Hono and one contender served by each of several builds of our packages, in paired wrk
// rounds of one run (the order reversed every other round), so that a change is judged against its base on
// the same machine state. A build is a list of package:dist pairs (copies of `packages/<name>/dist`, made
// with `cp -r` after building each commit); each is copied into place before its server starts, and the
// dist directories as they were are put back at the end.
// Usage: node src/build-ab.mjs <workload> <rounds> <seconds> <name>=<pkg>:<dist>[,<pkg>:<dist>...] ...
//   e.g. node src/build-ab.mjs b 4 6 base=core:/tmp/base-core,streamable-http:/tmp/base-sh new=core:/tmp/new-core,...
// CONTENDER=<id> picks the contender (default edgemcp-serve).
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOAD, measureContender } from './measure.mjs'
import { CONTENDERS } from './servers/index.mjs'
import { workloadById } from './workloads.mjs'

const [workloadId = 'b', rounds = '4', seconds = '6', ...builds] = process.argv.slice(2)
const workload = workloadById(workloadId)
const packages = new URL('../../../packages/', import.meta.url).pathname
const contenderId = process.env.CONTENDER ?? 'edgemcp-serve'
/** @type {Array<{ name: string, id: string, swaps: string[][] }>} */
const variants = [
  { name: 'raw-hono', id: 'raw-hono', swaps: [] },
  ...builds.map((b) => {
    const [name = '', spec = ''] = b.split('=')
    return { name, id: contenderId, swaps: spec.split(',').map((s) => s.split(':')) }
  }),
]
const swapped = new Set(variants.flatMap((v) => v.swaps.map(([pkg]) => pkg ?? '')))
const saved = mkdtempSync(join(tmpdir(), 'build-ab-'))
for (const pkg of swapped) cpSync(join(packages, pkg, 'dist'), join(saved, pkg), { recursive: true })
/** @param {string} pkg @param {string} from */
const place = (pkg, from) => {
  rmSync(join(packages, pkg, 'dist'), { recursive: true, force: true })
  cpSync(from, join(packages, pkg, 'dist'), { recursive: true })
}
/** @type {Map<string, Array<{ rps: number }>>} */
const results = new Map(variants.map((v) => [v.name, []]))
try {
  for (let r = 0; r < Number(rounds); r++) {
    for (const v of r % 2 ? [...variants].reverse() : variants) {
      for (const [pkg = '', dist = ''] of v.swaps) place(pkg, dist)
      const contender = CONTENDERS.find((c) => c.id === v.id)
      if (!contender) throw new Error(`unknown contender ${v.id}`)
      const measured = await measureContender(contender, workload, {
        ...LOAD,
        duration: Number(seconds),
      })
      if (!('ok' in measured)) throw new Error(`${v.name}: ${JSON.stringify(measured)}`)
      const load = measured.ok
      results.get(v.name)?.push(load)
      console.log(
        `round ${r} ${v.name.padEnd(10)} ${Math.round(load.rps)} req/s, server ${(load.serverCpuPct ?? 0).toFixed(0)}%, ` +
          `load ${(load.loadCpuPct ?? 0).toFixed(0)}%, ${(load.cpuUs ?? 0).toFixed(2)} µs CPU/request`,
      )
    }
  }
} finally {
  for (const pkg of swapped) place(pkg, join(saved, pkg))
  rmSync(saved, { recursive: true, force: true })
}
/** @param {number[]} a */
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? Number.NaN
const base = results.get('raw-hono') ?? []
for (const [name, loads] of results) {
  const ratios = loads.map((l, i) => l.rps / (base[i]?.rps ?? Number.NaN))
  console.log(
    `${name.padEnd(10)} ${Math.round(median(loads.map((l) => l.rps)))} req/s, req/s vs raw Hono paired median ` +
      `${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`,
  )
}
