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

export const KNOWN_BUGS: readonly KnownBug[] = [
  {
    id: 'non-integer-id-echoed',
    summary:
      'A request whose id is a non-integer number (1.5, 1e-300) is answered with that id; MCP RequestId is string | integer (core jsonrpc/codec.ts isId accepts any finite number)',
    matches: (p) =>
      /^(?:SSE stream message: )?(error id is not string\/integer\/null: -?[\d.e+-]+$|JSONRPC\w+ #?\/id: )/.test(
        p,
      ),
  },
  {
    id: 'nested-batch-recursion',
    summary:
      'A 2025-03-26 batch nested ~10,000 arrays deep overflows the stack: Streamable HTTP answers 500, HTTP+SSE leaves an unhandled rejection (core server/handle.ts handleBatch → handleInbound recurses into array elements instead of answering -32600)',
    matches: (p, head) =>
      head.startsWith('[[') &&
      (/^status 500/.test(p) ||
        /^(unhandled rejection|uncaught exception): RangeError: Maximum call stack/.test(p)),
  },
]

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
