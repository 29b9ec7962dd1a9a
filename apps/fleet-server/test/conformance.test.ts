import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runSuite } from '@edgemcp/conformance-server/run-suite'
import { expectEveryScoredScenarioPassed } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { fleetForFile } from './support.js'

/**
 * The official conformance suite against the fleet, through the round-robin proxy: every request of a
 * session may land on another instance. Both requirement sets and DNS-rebinding protection at both wires.
 */
const pkgDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const bed = fleetForFile()

describe('official conformance suite through the round-robin proxy', () => {
  it('passes every scored scenario of 2025-11-25, 2026-07-28 and dns-rebinding-protection', async () => {
    const { summaries, stdout } = await runSuite(['--url', bed.fleet.url], { cwd: pkgDir })
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual([
      'requirements 2025-11-25',
      'requirements 2026-07-28',
      'scenario dns-rebinding-protection @ 2025-11-25',
      'scenario dns-rebinding-protection @ 2026-07-28',
    ])
    for (const s of summaries) expectEveryScoredScenarioPassed(s, stdout)
    expect(summaries[0]?.totalScenarios).toBe(30)
    expect(summaries[1]?.totalScenarios).toBe(37)
    // Not scored, but kept passing as on one instance: everything except the tasks extension.
    const failing = summaries
      .flatMap((s) => s.notScored.map((o) => ({ ...o, target: s.label })))
      .filter((o) => o.reason !== 'extension' && o.status !== 'pass')
      .map((o) => `${o.target}: ${o.name} ${JSON.stringify(o.failures)}`)
    expect(failing).toEqual([])
    // The requests were spread over all three instances.
    const counts = [...bed.fleet.proxy.counts.values()]
    expect(counts).toHaveLength(3)
    for (const n of counts) expect(n).toBeGreaterThan(50)
  }, 600_000)
})
