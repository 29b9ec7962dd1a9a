import type { FuzzCase } from './arbitraries/case.js'

/**
 * Misbehaviours found by the fuzzer and reported (see /work/notes/hardening-bugs.md and docs/hardening.md) but
 * not yet fixed in the packages. The main properties tolerate them (and count them) so that they keep looking
 * for new failures; each one also has its own `it.fails` test with the minimal counterexample, which starts
 * failing (and must be flipped to `it`) once the package is fixed.
 */
export interface KnownBug {
  id: string
  summary: string
  /** Whether a reported problem is this bug, given what was sent. */
  matches(problem: string, sent: SentCase): boolean
}

/** What triage knows of the case: the start of the body sent, and the case when there is one. */
export interface SentCase {
  /** The target's name. */
  target?: string
  head: string
  case?: FuzzCase
}

/**
 * Open: none right now (add new ones below). Fixed so far (their counterexamples are regression tests in test/regressions.test.ts):
 * `non-integer-id-echoed` (ids 1.5 or 1e-300 were echoed; core jsonrpc/codec.ts isId) and
 * `nested-batch-recursion` (a batch nested 10,000 deep overflowed the stack; core server/handle.ts handleBatch);
 * `sse-invalid-utf8-reset` (HTTP+SSE answered a large invalid-UTF-8 body before reading it, so Node reset the
 * connection; sse now uses streamable-http's readBody, which reads a refused body to its end; test in
 * test/loopback.test.ts); `workers-unread-body` (under wrangler dev, refusals answered before the body was read
 * got 503 "Your worker restarted mid-request" or resets, and broke the next request; the transports now read a
 * refused body to its end first; test in test/workers.test.ts); `workers-delete-body` (a DELETE or GET with a body
 * was answered without reading it, with the same effect; seed 704563597 in test/workers.test.ts).
 */
export const KNOWN_BUGS: readonly KnownBug[] = []

/** Splits problems into new ones and known bugs (by id). */
export function triage(
  problems: string[],
  sent: SentCase = { head: '' },
): { fresh: string[]; known: string[] } {
  const fresh: string[] = []
  const known: string[] = []
  for (const p of problems) {
    const bug = KNOWN_BUGS.find((b) => b.matches(p, sent))
    if (bug) known.push(bug.id)
    else fresh.push(p)
  }
  return { fresh, known }
}
