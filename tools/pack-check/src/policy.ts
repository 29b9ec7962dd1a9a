import semver from 'semver'
import type { DependencyMap, PackageJson } from './packages.js'

/**
 * Frameworks a user also has in their own app: a second copy of one breaks instanceof checks and type identity
 * (hono's `Hono`/`Context`, Vitest's `expect`), so published packages take them as peers, never as dependencies.
 */
export const FRAMEWORKS = ['hono', '@hono/node-server', 'vitest', 'wrangler', '@cloudflare/workers-types']

export interface Violation {
  package: string
  field: string
  dependency: string
  range: string
  problem: string
}

/** `1.2.3`, `=1.2.3`, `v1.2.3`: one version and nothing else. */
function isExactPin(range: string): boolean {
  return semver.valid(range.replace(/^=/, '')) !== null
}

/** A range that admits any future major: `*`, `x`, `latest`, `''`, `>=1`, `1 || *`, a dist-tag, a URL or path. */
function openEndedReason(range: string): string | undefined {
  if (/^(file|link|workspace|git|git\+\w+|https?|github):/.test(range) || range.includes('/'))
    return 'is a path, URL or protocol, not a version range'
  if (semver.validRange(range) === null) return 'is not a semver range (a dist-tag such as "latest"?)'
  if (semver.intersects(range, '>=1000000.0.0', { includePrerelease: true }))
    return 'has no upper bound (it accepts every future major version)'
  return undefined
}

/**
 * The rules for a published package's package.json:
 * - siblings (other published packages of this repo): `^<their current version>`, so one release of a sibling
 *   never installs a second copy, and changesets can keep the ranges in step;
 * - third-party `dependencies`: a bounded range, never an exact pin (users would get a copy per pin) and never
 *   open-ended (`*`, `latest`, `>=x`);
 * - frameworks (hono, @hono/node-server, vitest, …) only as `peerDependencies`, with a bounded range that is not a
 *   pin, and the version the repository tests with (devDependencies) inside that range.
 */
export function checkPackage(pkg: PackageJson, siblings: ReadonlyMap<string, string>): Violation[] {
  const out: Violation[] = []
  const add = (field: string, dependency: string, range: string, problem: string) =>
    out.push({ package: pkg.name, field, dependency, range, problem })

  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'] as const) {
    const deps: DependencyMap = pkg[field] ?? {}
    for (const [name, range] of Object.entries(deps)) {
      const sibling = siblings.get(name)
      if (sibling !== undefined) {
        if (range !== `^${sibling}`) add(field, name, range, `a sibling must be required as "^${sibling}"`)
        continue
      }
      if (field !== 'peerDependencies' && FRAMEWORKS.includes(name)) {
        add(field, name, range, 'a framework the user also installs must be a peerDependency')
        continue
      }
      if (isExactPin(range)) {
        add(field, name, range, 'is an exact pin; use a range (e.g. "^x.y.z")')
        continue
      }
      const open = openEndedReason(range)
      if (open !== undefined) add(field, name, range, open)
    }
  }
  for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
    if (siblings.has(name)) continue
    const tested = pkg.devDependencies?.[name]
    if (tested === undefined)
      add('devDependencies', name, '(none)', 'a peer must also be a devDependency (tested)')
    else if (semver.valid(tested) === null || !semver.satisfies(tested, range))
      add('devDependencies', name, tested, `must be one version inside the peer range ${range}`)
  }
  return out
}

/** Checks every published package; siblings are recognised by name. */
export function checkPackages(pkgs: readonly PackageJson[]): Violation[] {
  const siblings = new Map(pkgs.map((p) => [p.name, p.version]))
  return pkgs.flatMap((p) => checkPackage(p, siblings))
}

export function formatViolation(v: Violation): string {
  return `${v.package}: ${v.field}["${v.dependency}"] = "${v.range}" ${v.problem}`
}
