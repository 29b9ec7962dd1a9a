import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formatSummaryLine, readScenarioChecks, scenarioFromDirName, summarizeTarget } from './results.mjs'

const check = (id, status, errorMessage) => ({ id, name: id, description: id, status, errorMessage })
let tmp

afterEach(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  tmp = undefined
})

function writeResult(scenario, checks) {
  tmp ??= fs.mkdtempSync(path.join(os.tmpdir(), 'results-test-'))
  const dir = path.join(tmp, `server-${scenario}-2026-11-29T22-22-26-811Z`)
  fs.mkdirSync(dir)
  fs.writeFileSync(path.join(dir, 'checks.json'), JSON.stringify(checks))
}

describe('scenarioFromDirName', () => {
  it('strips the server- prefix and the ISO timestamp suffix', () => {
    expect(scenarioFromDirName('server-tools-call-with-progress-2026-11-29T22-22-26-811Z')).toBe(
      'tools-call-with-progress',
    )
    expect(scenarioFromDirName('client-initialize-2026-11-29T22-22-26-811Z')).toBeUndefined()
    expect(scenarioFromDirName('server-ping')).toBeUndefined()
  })
})

describe('summarizeTarget', () => {
  it('passes when every scored scenario has no FAILURE check', () => {
    writeResult('ping', [check('ping', 'SUCCESS'), check('wire-schema-valid', 'SUCCESS')])
    writeResult('tools-list', [
      check('tools-list', 'SUCCESS'),
      check('tools-name-format', 'WARNING', 'bad name'),
    ])
    writeResult('tasks-lifecycle', [check('tasks-x', 'FAILURE', 'nope')])
    const s = summarizeTarget({
      label: 'requirements X',
      scored: ['ping', 'tools-list'],
      notScored: [{ scenario: 'tasks-lifecycle', reason: 'extension' }],
      checksByScenario: readScenarioChecks(tmp),
      cliExitCode: 0,
    })
    expect(s.ok).toBe(true)
    expect(s.passedScenarios).toBe(2)
    expect(s.checks).toMatchObject({ SUCCESS: 3, FAILURE: 0, WARNING: 1 })
    expect(s.warnings).toEqual([{ scenario: 'tools-list', id: 'tools-name-format', message: 'bad name' }])
    expect(s.notScored).toHaveLength(1)
    expect(s.notScored[0]).toMatchObject({ name: 'tasks-lifecycle', status: 'fail', reason: 'extension' })
    expect(formatSummaryLine(s)).toBe(
      'PASS requirements X: 2/2 scenarios passed (checks: 3 passed, 0 failed, 1 warnings, 0 skipped); not scored: 1 run, 1 failing',
    )
  })

  it('fails on a FAILURE check, a scored scenario with no results, or an unexpected failing scenario', () => {
    writeResult('ping', [check('ping', 'FAILURE', 'timeout')])
    writeResult('surprise', [check('surprise', 'FAILURE', 'boom')])
    const s = summarizeTarget({
      label: 'requirements X',
      scored: ['ping', 'caching'],
      checksByScenario: readScenarioChecks(tmp),
      cliExitCode: 1,
    })
    expect(s.ok).toBe(false)
    expect(s.totalScenarios).toBe(3)
    expect(s.passedScenarios).toBe(0)
    expect(s.failures.map((f) => `${f.scenario}:${f.id}`)).toEqual(['ping:ping', 'surprise:surprise'])
    expect(s.problems).toEqual(['caching: no results (not run)'])
  })

  it('does not trust a clean parse when the CLI itself exited non-zero', () => {
    writeResult('ping', [check('ping', 'SUCCESS')])
    const s = summarizeTarget({
      label: 'scenario ping',
      scored: ['ping'],
      checksByScenario: readScenarioChecks(tmp),
      cliExitCode: 1,
    })
    expect(s.ok).toBe(false)
    expect(s.problems).toEqual(['conformance CLI exited with code 1'])
  })
})
