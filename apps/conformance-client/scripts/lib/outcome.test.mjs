import { describe, expect, it } from 'vitest'
import { outcome, summarize } from './outcome.mjs'

const run = { scenario: 'auth/x', specVersion: '2026-07-28', scored: true }
const check = (status, id = 'c') => ({ id, status, description: `${id} ${status}` })

describe('outcome', () => {
  it('passes only without FAILURE or WARNING checks and with a clean CLI exit', () => {
    expect(outcome(run, [check('SUCCESS'), check('INFO')], 0).status).toBe('pass')
    expect(outcome(run, [check('SUCCESS'), check('WARNING', 'w')], 1)).toMatchObject({
      status: 'fail',
      failures: [{ id: 'w', message: 'w WARNING' }],
    })
    expect(outcome(run, [check('SUCCESS')], 1)).toMatchObject({
      status: 'fail',
      problems: ['CLI exited with code 1'],
    })
    expect(outcome(run, undefined, 1).status).toBe('missing')
  })

  it('summarize scores the scored scenarios and reports the others', () => {
    const s = summarize('t', [
      outcome(run, [check('SUCCESS')], 0),
      outcome({ ...run, scenario: 'y' }, [check('FAILURE')], 1),
      outcome({ ...run, scenario: 'z', scored: false, reason: 'extension' }, [check('FAILURE')], 1),
    ])
    expect(s).toMatchObject({ ok: false, passedScenarios: 1, totalScenarios: 2 })
    expect(s.failing.map((o) => o.name)).toEqual(['y'])
    expect(s.notScored.map((o) => [o.name, o.status, o.reason])).toEqual([['z', 'fail', 'extension']])
  })
})
