/**
 * Misbehaviours found by the fuzzer and reported (see /work/notes/hardening-bugs.md and docs/hardening.md) but
 * not yet fixed in the packages. The main properties tolerate them (and count them) so that they keep looking
 * for new failures; each one also has its own `it.fails` test with the minimal counterexample, which starts
 * failing (and must be flipped to `it`) once the package is fixed.
 */
export interface KnownBug {
  id: string
  summary: string
  /** Whether a reported problem is this bug; `head` is the start of the body that was sent. */
  matches(problem: string, head: string): boolean
}

/**
 * None open. Fixed so far (their counterexamples are regression tests in test/regressions.test.ts):
 * `non-integer-id-echoed` (ids 1.5 or 1e-300 were echoed; core jsonrpc/codec.ts isId) and
 * `nested-batch-recursion` (a batch nested 10,000 deep overflowed the stack; core server/handle.ts handleBatch).
 */
export const KNOWN_BUGS: readonly KnownBug[] = []

/** Splits problems into new ones and known bugs (by id). */
export function triage(problems: string[], head = ''): { fresh: string[]; known: string[] } {
  const fresh: string[] = []
  const known: string[] = []
  for (const p of problems) {
    const bug = KNOWN_BUGS.find((b) => b.matches(p, head))
    if (bug) known.push(bug.id)
    else fresh.push(p)
  }
  return { fresh, known }
}
