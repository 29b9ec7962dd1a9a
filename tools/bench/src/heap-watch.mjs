// Preloaded into a server by heap-growth.mjs (`--import`): samples how much of each V8 heap space is used every
// 500 ms and counts garbage collections by kind; on SIGTERM it writes both to $HEAP_WATCH_OUT.
import { writeFileSync } from 'node:fs'
import { PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'

const out = process.env.HEAP_WATCH_OUT
/** @type {number[]} */ const oldSpaceKiB = []
/** @type {Record<string, { count: number, ms: number }>} */ const gcs = {}
const KINDS = {
  1: 'scavenge',
  2: 'minor-mark-sweep',
  4: 'mark-compact',
  8: 'incremental',
  16: 'weak-callbacks',
}

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = /** @type {{ detail?: { kind?: number } }} */ (e).detail?.kind ?? 0
    const name = KINDS[/** @type {keyof typeof KINDS} */ (kind)] ?? String(kind)
    const g = gcs[name] ?? { count: 0, ms: 0 }
    gcs[name] = g
    g.count++
    g.ms += e.duration
  }
}).observe({ entryTypes: ['gc'] })

setInterval(() => {
  const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')
  oldSpaceKiB.push(Math.round((old?.space_used_size ?? 0) / 1024))
}, 500).unref()

process.on('SIGTERM', () => {
  if (out) writeFileSync(out, JSON.stringify({ oldSpaceKiB, gcs }))
})
