// What the client runner runs: requirement sets (scored + not-scored client scenarios) and single scenarios.

/** Scenarios we run besides the requirement sets: the 2025-03-26 back-compat fallbacks of issue 13. */
export const EXTRA_SCENARIOS = [
  'auth/2025-03-26-oauth-metadata-backcompat@2025-03-26',
  'auth/2025-03-26-oauth-endpoint-fallback@2025-03-26',
]
export const DEFAULT_REQUIREMENTS = ['2025-11-25', '2026-07-28']

const REVISION = /^\d{4}-\d{2}-\d{2}$/
const SCENARIO = /^[a-z0-9][a-z0-9/_.-]*$/

/** `name@version` (version required: a client scenario's wire is the version it runs at). */
export function parseScenario(spec) {
  const [scenario, specVersion, ...rest] = spec.split('@')
  if (!scenario || !SCENARIO.test(scenario) || !specVersion || !REVISION.test(specVersion) || rest.length > 0)
    throw new Error(`bad scenario target: ${spec} (expected name@YYYY-MM-DD)`)
  return { scenario, specVersion }
}

/**
 * Targets, each with the runs it needs. `loadSet(revision)` gives `{ scored, notScored }` for the client leg.
 * With no flags: both requirement sets plus EXTRA_SCENARIOS.
 */
export function planTargets({ requirements = [], scenarios = [] }, loadSet) {
  const none = requirements.length === 0 && scenarios.length === 0
  const reqs = none ? DEFAULT_REQUIREMENTS : requirements
  const singles = none ? EXTRA_SCENARIOS : scenarios
  const targets = reqs.map((revision) => {
    if (!REVISION.test(revision)) throw new Error(`bad requirements revision: ${revision}`)
    const set = loadSet(revision)
    return {
      label: `requirements ${revision}`,
      runs: [
        ...set.scored.map((scenario) => ({ scenario, specVersion: revision, scored: true })),
        ...set.notScored.map((e) => ({
          scenario: e.scenario,
          specVersion: revision,
          scored: false,
          reason: e.reason,
        })),
      ],
    }
  })
  for (const spec of singles) {
    const { scenario, specVersion } = parseScenario(spec)
    targets.push({
      label: `scenario ${scenario} @ ${specVersion}`,
      runs: [{ scenario, specVersion, scored: true }],
    })
  }
  return targets
}

/** Runs `task` over `items` with at most `limit` at a time, results in input order. */
export async function pool(items, limit, task) {
  const results = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}
