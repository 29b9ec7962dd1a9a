import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runBridgeCase } from '../src/client/bridge-case.js'
import { clientCase } from '../src/client/hostile-answer.js'

// The client fuzzing's hostile servers, behind edgemcp-bridge: a fixed seed, so a failure reproduces exactly.
const SEED = 20_261_206
const RUNS = 150

describe('hostile remotes behind edgemcp-bridge, fixed seed', () => {
  it('the bridge starts or refuses in one line, answers its stdio client, reads bounded, stops with stdin', async () => {
    const outcomes: Record<string, number> = {}
    await fc.assert(
      fc.asyncProperty(clientCase, async (c) => {
        const r = await runBridgeCase(c)
        outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1
        if (r.problems.length > 0) throw new Error(r.problems.join('\n'))
      }),
      { seed: SEED, numRuns: RUNS },
    )
    // The cases reach past the start: some bridges serve the call, some refuse to start, some calls fail.
    expect(outcomes.ok ?? 0).toBeGreaterThan(0)
    expect(outcomes.refused ?? 0).toBeGreaterThan(0)
    expect(outcomes['call-error'] ?? 0).toBeGreaterThan(0)
  }, 600_000)
})
