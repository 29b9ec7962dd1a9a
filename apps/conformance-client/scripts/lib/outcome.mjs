// Verdicts from the CLI's checks.json files (one CLI run per scenario).
import fs from 'node:fs'
import path from 'node:path'

/** Every checks.json under `dir` (the CLI nests `auth/<name>-<timestamp>/`). */
export function findChecks(dir) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'checks.json')
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
}

/**
 * One scenario's verdict, as the suite scores it (a FAILURE or a WARNING check fails it) and as the CLI's exit
 * code says (which also counts a client that crashed where the scenario expects it to finish).
 */
export function outcome(run, checks, cliExitCode) {
  const pick = (status) =>
    (checks ?? [])
      .filter((c) => c?.status === status)
      .map((c) => ({ id: c.id, message: String(c.errorMessage ?? c.description ?? '') }))
  const failures = [...pick('FAILURE'), ...pick('WARNING')]
  const problems = []
  if (!checks) problems.push('no checks.json (the scenario did not run)')
  else if (cliExitCode !== 0 && failures.length === 0) problems.push(`CLI exited with code ${cliExitCode}`)
  const status = !checks ? 'missing' : failures.length > 0 || problems.length > 0 ? 'fail' : 'pass'
  return {
    name: run.scenario,
    specVersion: run.specVersion,
    scored: run.scored,
    ...(run.reason ? { reason: run.reason } : {}),
    status,
    checks: (checks ?? []).length,
    failures,
    problems,
  }
}

/** The verdict on a target: scored scenarios decide; not-scored ones are reported. */
export function summarize(label, outcomes) {
  const scored = outcomes.filter((o) => o.scored)
  const passed = scored.filter((o) => o.status === 'pass').length
  return {
    label,
    ok: passed === scored.length,
    passedScenarios: passed,
    totalScenarios: scored.length,
    failing: scored.filter((o) => o.status !== 'pass'),
    notScored: outcomes.filter((o) => !o.scored),
  }
}

export function formatSummary(s) {
  const ns = s.notScored
  const extra =
    ns.length > 0 ? `; not scored: ${ns.filter((o) => o.status === 'pass').length}/${ns.length} passed` : ''
  return `${s.ok ? 'PASS' : 'FAIL'} ${s.label}: ${s.passedScenarios}/${s.totalScenarios} scored scenarios passed${extra}`
}
