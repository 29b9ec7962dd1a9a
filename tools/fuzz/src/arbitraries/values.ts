import fc from 'fast-check'

/**
 * Placeholders that mutations put into a message before it is serialised; `expand()` replaces them in the
 * JSON text with content that `JSON.stringify` cannot produce cheaply (deep nesting, huge strings).
 */
export const DEEP = (depth: number, kind: 'array' | 'object') => `\u0000DEEP:${kind}:${depth}\u0000`
export const HUGE = (length: number) => `\u0000HUGE:${length}\u0000`

const nested = (kind: string, depth: number) =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

/** Replaces the placeholders of `DEEP` and `HUGE` in serialised JSON. */
export function expand(json: string): string {
  return json.replace(/"\\u0000(DEEP|HUGE):(?:(array|object):)?(\d+)\\u0000"/g, (_m, what, kind, n) =>
    what === 'DEEP' ? nested(kind as string, Number(n)) : `"${'x'.repeat(Number(n))}"`,
  )
}

/** Nesting depths: the spec asks for 10,000; 100,000 overflows naive recursive walkers. */
export const deepValue = fc
  .tuple(fc.constantFrom(64, 1_000, 10_000, 100_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => DEEP(depth, kind))

export const hugeString = fc.constantFrom(65_536, 300_000, 1_000_000).map(HUGE)

/** Numbers JSON can carry that break naive code. */
export const oddNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 31, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

/** Any JSON-RPC `id` a hostile client could send. */
export const weirdId = fc.oneof(
  { weight: 3, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, '', ' ', '__proto__', 'constructor', true, false) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom({}, [], [1], { id: 1 }) },
  { weight: 1, arbitrary: hugeString },
)

/** A value of the wrong type for whatever field it replaces. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, '', [], {}, '2.0', 'tools/call', '\u0000') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: hugeString },
)

/** Keys that poison naive object handling. */
export const poisonKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
)

export const poisonValue = fc.oneof(
  fc.constant({ polluted: 'yes', toString: 'x' }),
  fc.constant({ prototype: { polluted: 'yes' } }),
  weirdValue,
)
