import { expect } from 'vitest'

/** What the conformance runner writes per target (`Summary` of @edgemcp/conformance-server/run-suite). */
export interface ScoredSummary {
  label: string
  ok: boolean
  passedScenarios: number
  totalScenarios: number
  failures: unknown[]
  problems: unknown[]
  cliExitCode?: number
}

/**
 * The verdict on one target of the official conformance suite: no failure or problem, every scored scenario
 * passed (and there were some), the CLI exited 0, the runner called it ok. `context` (the runner's
 * stdout) is shown with the failures.
 */
export function expectEveryScoredScenarioPassed(s: ScoredSummary, context = ''): void {
  expect(s.failures, context ? `${s.label}\n${context}` : s.label).toEqual([])
  expect(s.problems, s.label).toEqual([])
  expect(s.totalScenarios, s.label).toBeGreaterThan(0)
  expect(s.passedScenarios, s.label).toBe(s.totalScenarios)
  if (s.cliExitCode !== undefined) expect(s.cliExitCode, s.label).toBe(0)
  expect(s.ok, s.label).toBe(true)
}
