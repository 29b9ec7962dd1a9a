// Read the CLI's per-scenario checks.json files and turn them into pass/fail summaries.
import fs from 'node:fs'
import path from 'node:path'

const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/

/** `server-<scenario>-<timestamp>` (the CLI's result directory name) -> scenario name, else undefined. */
export function scenarioFromDirName(name) {
  return RESULT_DIR.exec(name)?.[1]
}

/** Map scenario name -> its checks array, from every result directory under `outputDir`. */
export function readScenarioChecks(outputDir) {
  const byScenario = new Map()
  if (!fs.existsSync(outputDir)) return byScenario
  for (const entry of fs
    .readdirSync(outputDir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const scenario = entry.isDirectory() ? scenarioFromDirName(entry.name) : undefined
    const file = scenario && path.join(outputDir, entry.name, 'checks.json')
    if (!file || !fs.existsSync(file)) continue
    const checks = JSON.parse(fs.readFileSync(file, 'utf8'))
    byScenario.set(scenario, Array.isArray(checks) ? checks : [])
  }
  return byScenario
}

function countStatuses(checks) {
  const counts = { SUCCESS: 0, FAILURE: 0, WARNING: 0, SKIPPED: 0, INFO: 0 }
  for (const check of checks) {
    if (check && typeof check.status === 'string' && check.status in counts) counts[check.status]++
  }
  return counts
}

/** Outcome of one scenario: `missing` when no checks were written (not run, or not applicable). */
export function scenarioOutcome(name, checks) {
  if (!checks) return { name, status: 'missing', counts: countStatuses([]), failures: [], warnings: [] }
  const pick = (status) =>
    checks
      .filter((c) => c?.status === status)
      .map((c) => ({ scenario: name, id: c.id, message: c.errorMessage ?? c.description ?? '' }))
  const failures = pick('FAILURE')
  return {
    name,
    status: failures.length > 0 ? 'fail' : 'pass',
    counts: countStatuses(checks),
    failures,
    warnings: pick('WARNING'),
  }
}

function sumCounts(outcomes) {
  const total = { SUCCESS: 0, FAILURE: 0, WARNING: 0, SKIPPED: 0, INFO: 0 }
  for (const o of outcomes) for (const key of Object.keys(total)) total[key] += o.counts[key]
  return total
}

/**
 * Summarise one target. `scored` names decide pass/fail; `notScored` ({scenario, reason}) are reported
 * only. Scenarios that ran but are in neither list are reported as `unexpected` and also decide.
 */
export function summarizeTarget({ label, scored, notScored = [], checksByScenario, cliExitCode }) {
  const notScoredNames = new Set(notScored.map((e) => e.scenario))
  const scoredOutcomes = scored.map((name) => scenarioOutcome(name, checksByScenario.get(name)))
  const notScoredOutcomes = notScored
    .filter((e) => checksByScenario.has(e.scenario))
    .map((e) => ({ ...scenarioOutcome(e.scenario, checksByScenario.get(e.scenario)), reason: e.reason }))
  const unexpected = [...checksByScenario.keys()]
    .filter((name) => !scored.includes(name) && !notScoredNames.has(name))
    .map((name) => scenarioOutcome(name, checksByScenario.get(name)))
  const decisive = [...scoredOutcomes, ...unexpected]
  const passedScenarios = decisive.filter((o) => o.status === 'pass').length
  const problems = []
  for (const o of decisive) if (o.status === 'missing') problems.push(`${o.name}: no results (not run)`)
  if (cliExitCode !== 0 && decisive.every((o) => o.status === 'pass')) {
    problems.push(`conformance CLI exited with code ${cliExitCode}`)
  }
  const ok = passedScenarios === decisive.length && problems.length === 0
  return {
    label,
    ok,
    passedScenarios,
    totalScenarios: decisive.length,
    checks: sumCounts(decisive),
    failures: decisive.flatMap((o) => o.failures),
    warnings: decisive.flatMap((o) => o.warnings),
    problems,
    notScored: notScoredOutcomes,
    cliExitCode,
  }
}

/** The one-line verdict printed per target. */
export function formatSummaryLine(s) {
  const c = s.checks
  const notScoredFailing = s.notScored.filter((o) => o.status !== 'pass').length
  const extra =
    s.notScored.length > 0 ? `; not scored: ${s.notScored.length} run, ${notScoredFailing} failing` : ''
  return (
    `${s.ok ? 'PASS' : 'FAIL'} ${s.label}: ${s.passedScenarios}/${s.totalScenarios} scenarios passed ` +
    `(checks: ${c.SUCCESS} passed, ${c.FAILURE} failed, ${c.WARNING} warnings, ${c.SKIPPED} skipped)${extra}`
  )
}
