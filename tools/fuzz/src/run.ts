import fc from 'fast-check'
import { type FuzzCase, fuzzCase } from './arbitraries/case.js'
import { checkGuards, installGuards } from './guards.js'
import { triage } from './known-bugs.js'
import type { Target } from './targets/target.js'

export interface FuzzResult {
  target: string
  /** Cases run (up to and including the first failure). */
  runs: number
  failed: boolean
  /** fast-check's report: seed, path and the shrunk counterexample. */
  report: string | undefined
  ms: number
  /** How often each known (reported, unfixed) bug showed up. */
  known: Record<string, number>
  /** Reply statuses seen (coverage: not every case should end as a 400). */
  statuses: Record<number, number>
}

export interface FuzzOptions {
  seed: number
  numRuns: number
  /** Shrink a failure to a minimal counterexample (default true; false reports the first failing case). */
  shrink?: boolean
  /** Only cases matching this (e.g. POST only for loopback). */
  filter?: (c: FuzzCase) => boolean
}

/**
 * Runs the property on one target: for every generated case, the reply keeps the reply invariants, no
 * guard fired (unhandled rejection, uncaught exception, prototype pollution), and a well-formed request right
 * after still succeeds.
 */
export async function fuzzTarget(target: Target, o: FuzzOptions): Promise<FuzzResult> {
  installGuards()
  checkGuards()
  const started = Date.now()
  const arbitrary = o.filter ? fuzzCase.filter(o.filter) : fuzzCase
  const known: Record<string, number> = {}
  const statuses: Record<number, number> = {}
  const property = fc.asyncProperty(arbitrary, async (c) => {
    const { reply, problems } = await target.send(c)
    statuses[reply.status] = (statuses[reply.status] ?? 0) + 1
    const after = await target.probe()
    const t = triage([...problems, ...after, ...checkGuards()])
    for (const id of new Set(t.known)) known[id] = (known[id] ?? 0) + 1
    if (t.fresh.length > 0) throw new Error(`${target.name}:\n  ${t.fresh.slice(0, 8).join('\n  ')}`)
  })
  const details = await fc.check(property, {
    seed: o.seed,
    numRuns: o.numRuns,
    endOnFailure: o.shrink === false,
  })
  return {
    target: target.name,
    runs: details.numRuns,
    failed: details.failed,
    report: details.failed
      ? `${String(details.errorInstance)}\n${fc.defaultReportMessage(details)}`
      : undefined,
    ms: Date.now() - started,
    known,
    statuses,
  }
}
