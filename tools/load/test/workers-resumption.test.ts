import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runWorkersResumption, WORKER_APP } from '../src/workers-resumption.js'

const hasApp = existsSync(join(WORKER_APP, 'wrangler.jsonc'))

describe.skipIf(!hasApp)('workers resumption script (smoke, wrangler dev of apps/worker-server)', () => {
  it('streams of Durable Object sessions cut at random and resumed lose nothing and repeat nothing', async () => {
    const f = await runWorkersResumption(WORKER_APP, {
      sessions: 2,
      callsPerSession: 3,
      steps: 5,
      intervalMs: 2,
      cutProbability: 0.3,
      maxCutsPerCall: 3,
      seed: 5,
    })
    expect(f.calls).toBe(6)
    expect(f.cuts).toBeGreaterThan(0)
    expect({
      lost: f.lost,
      duplicated: f.duplicated,
      refused: f.refused,
      unanswered: f.unanswered,
      wrong: f.wrongAnswers,
    }).toEqual({
      lost: 0,
      duplicated: 0,
      refused: 0,
      unanswered: 0,
      wrong: 0,
    })
  }, 120_000)
})
