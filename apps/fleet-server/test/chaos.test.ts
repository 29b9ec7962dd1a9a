import { describe, expect, it } from 'vitest'
import { runChaos } from '../src/chaos.js'
import { fleetForFile } from './support.js'

/**
 * The chaos run of docs/hardening.md, smaller: the same checks and faults (two instances SIGKILLed and
 * started again, one Redis restart), fewer sessions and calls. Its verdicts do not depend on timing: faults
 * come at fixed points of the run, and a call may succeed or fail clearly either way; only a call lost,
 * duplicated, hung (no outcome in 60 s) or failing unclearly fails the test. A hung call is given up at its
 * 60 s deadline (what it waited for is aborted and named in the report), so a hang fails the run in about a
 * minute instead of running into the test's timeout, which is only a guard for the harness itself.
 */
const bed = fleetForFile({ heartbeatMs: 300 })

describe('chaos through the proxy', () => {
  it('kills, restarts and a Redis restart: 0 lost, 0 duplicated, 0 hung, every failure a clear error', async () => {
    const report = await runChaos(bed.fleet, { sessions: 20, calls: 300, concurrency: 12, seed: 7 })
    console.log(`[fleet chaos] ${JSON.stringify(report)}`)
    expect(report.problems).toEqual([])
    expect(report.lost).toBe(0)
    expect(report.duplicated).toBe(0)
    expect(report.hung).toBe(0)
    expect(report.unclear).toBe(0)
    expect(report.succeeded).toBe(report.calls)
    expect(report.faults).toHaveLength(5)
    // The run did what it says: streams were resumed and elicitations answered across instances.
    expect(report.resumptions).toBeGreaterThan(0)
    expect(report.elicitations).toBeGreaterThan(0)
  }, 300_000)
})
