import { describe, expect, it } from 'vitest'
import { EXTRA_SCENARIOS, parseScenario, planTargets, pool } from './plan.mjs'

const loadSet = (revision) => ({
  scored: [`a-${revision}`, 'auth/b'],
  notScored: [{ scenario: 'auth/dpop', reason: 'extension' }],
})

describe('planTargets', () => {
  it('defaults to both requirement sets (scored and not scored) plus the back-compat scenarios', () => {
    const targets = planTargets({}, loadSet)
    expect(targets.map((t) => t.label)).toEqual([
      'requirements 2025-11-25',
      'requirements 2026-07-28',
      ...EXTRA_SCENARIOS.map((s) => `scenario ${s.replace('@', ' @ ')}`),
    ])
    expect(targets[1].runs).toEqual([
      { scenario: 'a-2026-07-28', specVersion: '2026-07-28', scored: true },
      { scenario: 'auth/b', specVersion: '2026-07-28', scored: true },
      { scenario: 'auth/dpop', specVersion: '2026-07-28', scored: false, reason: 'extension' },
    ])
  })

  it('runs only what is named, and refuses malformed targets', () => {
    expect(planTargets({ scenarios: ['auth/x@2025-03-26'] }, loadSet)).toEqual([
      {
        label: 'scenario auth/x @ 2025-03-26',
        runs: [{ scenario: 'auth/x', specVersion: '2025-03-26', scored: true }],
      },
    ])
    expect(() => parseScenario('auth/x')).toThrow(/name@YYYY-MM-DD/)
    expect(() => planTargets({ requirements: ['latest'] }, loadSet)).toThrow(/bad requirements revision/)
  })
})

describe('pool', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0
    let most = 0
    const out = await pool([5, 1, 4, 2, 3], 2, async (n) => {
      running++
      most = Math.max(most, running)
      await new Promise((r) => setImmediate(r))
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30])
    expect(most).toBe(2)
  })
})
