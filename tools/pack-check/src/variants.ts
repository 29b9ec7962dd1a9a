import semver from 'semver'
import type { PackedPackage } from './pack.js'

export type VariantName = 'lowest' | 'newest'

export interface Variant {
  name: VariantName
  /** Every peer the packages declare, with what to install: a version (lowest) or the range (newest). */
  peers: Record<string, string>
}

/**
 * The peer range to test for each peer the packages declare. When two packages declare different ranges for
 * one peer, the range with the highest floor is the one tested, and its floor must satisfy every other range.
 */
export function peerRanges(packed: readonly PackedPackage[]): Map<string, string> {
  const siblings = new Set(packed.map((p) => p.name))
  const ranges = new Map<string, string[]>()
  for (const p of packed)
    for (const [name, range] of Object.entries(p.json.peerDependencies ?? {}))
      if (!siblings.has(name)) ranges.set(name, [...(ranges.get(name) ?? []), range])
  const out = new Map<string, string>()
  for (const [name, list] of ranges) {
    const floor = (r: string) => {
      const min = semver.minVersion(r)
      if (min === null) throw new Error(`the peer range ${r} of ${name} admits no version`)
      return min
    }
    const chosen = [...list].sort((a, b) => semver.compare(floor(b), floor(a)))[0]!
    const low = floor(chosen)
    const unmet = list.filter((r) => !semver.satisfies(low, r))
    if (unmet.length > 0)
      throw new Error(
        `the peer ranges of ${name} disagree: ${low.version} (from ${chosen}) is outside ${unmet}`,
      )
    out.set(name, chosen)
  }
  return out
}

/**
 * The two installs of the consumer test: every peer at the lowest version its range admits (what a user on
 * the oldest supported hono or Vitest has), and at the newest (npm picks the highest match at install time).
 */
export function variantsFor(packed: readonly PackedPackage[]): Record<VariantName, Variant> {
  const lowest: Record<string, string> = {}
  const newest: Record<string, string> = {}
  for (const [name, range] of peerRanges(packed)) {
    lowest[name] = semver.minVersion(range)!.version
    newest[name] = range
  }
  return { lowest: { name: 'lowest', peers: lowest }, newest: { name: 'newest', peers: newest } }
}
