// What the runner runs: requirement sets and single scenarios (optionally pinned to a spec version).

/** Our gate when no target is named: both frozen requirement sets, plus DNS-rebinding at each wire. */
export const DEFAULT_REQUIREMENTS = ['2025-11-25', '2026-07-28']
export const DEFAULT_SCENARIOS = [
  'dns-rebinding-protection@2025-11-25',
  'dns-rebinding-protection@2026-07-28',
]

const REVISION = /^\d{4}-\d{2}-\d{2}$/
const SCENARIO = /^[a-z0-9][a-z0-9/_-]*$/

/** Parse `name` or `name@version` into a scenario target. */
export function parseScenarioTarget(spec) {
  const [scenario, specVersion, ...rest] = spec.split('@')
  if (!scenario || !SCENARIO.test(scenario) || rest.length > 0)
    throw new Error(`bad scenario target: ${spec}`)
  if (specVersion !== undefined && specVersion !== 'draft' && !REVISION.test(specVersion)) {
    throw new Error(`bad spec version in scenario target: ${spec}`)
  }
  return {
    kind: 'scenario',
    scenario,
    ...(specVersion ? { specVersion } : {}),
    label: specVersion ? `scenario ${scenario} @ ${specVersion}` : `scenario ${scenario}`,
  }
}

export function parseRequirementsTarget(revision) {
  if (!REVISION.test(revision)) throw new Error(`bad requirements revision: ${revision}`)
  return { kind: 'requirements', revision, label: `requirements ${revision}` }
}

/** Targets from CLI flags; the defaults apply only when neither flag was given. */
export function parseTargets(requirements = [], scenarios = []) {
  const none = requirements.length === 0 && scenarios.length === 0
  const reqs = none ? DEFAULT_REQUIREMENTS : requirements
  const scens = none ? DEFAULT_SCENARIOS : scenarios
  return [...reqs.map(parseRequirementsTarget), ...scens.map(parseScenarioTarget)]
}
