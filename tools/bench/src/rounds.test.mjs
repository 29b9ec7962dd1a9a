import { expect, it } from 'vitest'
import { runRounds } from './rounds.mjs'

/** @param {number} rps */
const ok = (rps) => ({ ok: { rps, p50: 1, p99: 2, rssKiB: 1024, bad: 0, cpuUs: 10 } })
/** @type {import('./rounds.mjs').RoundContender[]} */
const contenders = [
  { id: 'steady', label: 'steady', modes: ['stateless'] },
  { id: 'flaky', label: 'flaky', modes: ['stateless'] },
  { id: 'broken', label: 'broken', modes: ['stateless'] },
]
const workloads = [/** @type {any} */ ({ id: 'a', mode: 'stateless' })]

it('leaves a failed round out and measures the contender again in the next round', async () => {
  /** @type {string[]} */
  const calls = []
  const { cells } = await runRounds({
    contenders,
    workloads,
    rounds: 3,
    log: () => {},
    measure: async (c) => {
      const round = calls.filter((id) => id === c.id).length + 1
      calls.push(c.id)
      if (c.id === 'broken') return { failed: `boom ${round}` }
      if (c.id === 'flaky' && round === 2) return { failed: '12 non-2xx/errors/timeouts under load' }
      return ok(100 * round)
    },
  })
  expect(calls.filter((id) => id === 'flaky')).toHaveLength(3)
  expect(cells.get('a/flaky')).toMatchObject({
    status: 'ok',
    failures: ['round 2: 12 non-2xx/errors/timeouts under load'],
  })
  expect(cells.get('a/flaky')?.rounds.map((r) => r.round)).toEqual([1, 3])
  expect(cells.get('a/steady')?.failures).toBeUndefined()
  // Nothing measured at all: the row says why, every round.
  expect(cells.get('a/broken')).toMatchObject({
    status: 'failed',
    reason: 'round 1: boom 1; round 2: boom 2; round 3: boom 3',
    rounds: [],
  })
})
