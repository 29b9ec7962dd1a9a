import { afterAll, describe, expect, it } from 'vitest'
import { guardCount } from '../src/guards.js'
import { fuzzTarget } from '../src/run.js'
import { IN_PROCESS } from '../src/targets/all.js'

/** A fixed-seed run: the same cases every time, so a failure here reproduces exactly. */
const SEED = 20_260_728
const RUNS: Record<string, number> = {
  'streamable-http': 900,
  'streamable-http json': 400,
  sse: 800,
  auto: 400,
}
let total = 0

describe('hostile requests in-process (app.request), fixed seed', () => {
  for (const t of IN_PROCESS) {
    it(`${t.name}: no crash, no 5xx, only defined replies, and a well-formed request still works`, async () => {
      const target = await t.make()
      try {
        const r = await fuzzTarget(target, { seed: SEED, numRuns: RUNS[t.name] ?? 500 })
        total += r.runs
        expect(r.report).toBeUndefined()
        expect(r.runs).toBe(RUNS[t.name])
        // The cases reach past the transport's gates: some get answered, not only refused.
        expect(r.statuses[200] ?? 0).toBeGreaterThan(0)
        expect(r.statuses[400] ?? 0).toBeGreaterThan(0)
      } finally {
        await target.close()
      }
    })
  }

  afterAll(() => {
    expect(guardCount()).toBe(0)
    console.log(`fuzz (in-process): ${total} cases`)
  })
})
