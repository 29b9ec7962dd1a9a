import fc from 'fast-check'
import { deepValue, expand, hugeString, poisonKey, poisonValue, weirdId, weirdValue } from './values.js'

type Path = Array<string | number>

/** A change to a parsed message. `pick` chooses the field it applies to (modulo the number of fields). */
export type Mutation =
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'poison'; pick: number; key: string; value: unknown }
  | { kind: 'id'; value: unknown }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: weirdValue }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('poison' as const),
      pick: fc.nat(),
      key: poisonKey,
      value: poisonValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('id' as const), value: weirdId }) },
)

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] =>
  typeof v === 'object' && v !== null

/** Every path to a value inside `root` (not the root itself), depth first. */
function paths(root: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (!isContainer(root)) return out
  for (const key of Array.isArray(root) ? root.keys() : Object.keys(root)) {
    const p = [...prefix, key]
    out.push(p)
    paths((root as Record<string | number, unknown>)[key], p, out)
  }
  return out
}

function containers(root: unknown): Path[] {
  const all: Path[] = [[], ...paths(root)]
  return all.filter((p) => isContainer(at(root, p)))
}

const at = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (v, k) => (isContainer(v) ? (v as Record<string | number, unknown>)[k] : undefined),
    root,
  )

/** Defines an own property, so that `__proto__` becomes a key and not a prototype. */
function define(
  target: Record<string | number, unknown> | unknown[],
  key: string | number,
  value: unknown,
): void {
  // A copy: the same generated value may be used by several mutations (no cycles, no sharing).
  const copy = structuredClone(value)
  Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true })
}

/** Applies mutations to a copy of `message`. */
export function applyMutations(message: unknown, mutations: Mutation[]): unknown {
  let root = structuredClone(message)
  for (const m of mutations) {
    if (m.kind === 'id') {
      if (isContainer(root) && !Array.isArray(root)) define(root, 'id', m.value)
      continue
    }
    if (m.kind === 'poison') {
      const targets = containers(root)
      const path = targets[m.pick % Math.max(1, targets.length)] ?? []
      const parent = at(root, path)
      if (isContainer(parent)) define(parent, Array.isArray(parent) ? parent.length : m.key, m.value)
      continue
    }
    const all = paths(root)
    if (all.length === 0) {
      if (m.kind === 'set') root = m.value
      continue
    }
    const path = all[m.pick % all.length] as Path
    const parent = at(root, path.slice(0, -1)) as Record<string | number, unknown>
    const key = path[path.length - 1] as string | number
    if (m.kind === 'set') define(parent, key, m.value)
    else if (Array.isArray(parent)) parent.splice(key as number, 1)
    else delete parent[key]
  }
  return root
}

/** Serialises a (mutated) message, expanding deep-nesting and huge-string placeholders. */
export const serialise = (value: unknown): string => expand(JSON.stringify(value) ?? 'undefined')

/** Changes to the JSON text: syntax errors, prefixes, duplicate keys, non-JSON literals. */
export type TextMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'wrap'; before: string; after: string }
  | { kind: 'replace'; text: string }

const junk = fc.oneof(
  fc.constantFrom(
    'NaN',
    'Infinity',
    "'x'",
    '//c\n',
    '/*',
    ',',
    '}',
    ']',
    '"',
    '\\',
    '\u0000',
    '\uFEFF',
    'undefined',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
)

export const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: junk }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wrap' as const),
      before: fc.constantFrom('', ' \n\t', '\uFEFF', '[', '{"jsonrpc":"1.0",', '{"id":{},'),
      after: fc.constantFrom('', '\n', ' {}', ']', 'garbage', '\u0000'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      text: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 64 }),
        fc.constantFrom('', 'null', 'true', '0', '"x"', '[]', '{}', '[[]]', '[{}]', '[null]', '-0', '1e999'),
        deepValue.map((v) => expand(JSON.stringify(v))),
        hugeString.map((v) => expand(JSON.stringify(v))),
      ),
    }),
  },
)

/** Applies a text mutation; duplicate keys at the front make the first key win or lose depending on parser. */
export function applyText(text: string, m: TextMutation): string {
  switch (m.kind) {
    case 'truncate':
      return text.slice(0, m.at % Math.max(1, text.length))
    case 'insert': {
      const i = m.at % (text.length + 1)
      return text.slice(0, i) + m.text + text.slice(i)
    }
    case 'wrap':
      return m.before.endsWith(',') && text.startsWith('{')
        ? m.before + text.slice(1) + m.after
        : m.before + text + m.after
    case 'replace':
      return m.text
  }
}

/** Byte sequences that are not UTF-8 (stray continuation, overlong, surrogate, out of range, truncated). */
export const INVALID_UTF8: readonly number[][] = [
  [0xff],
  [0x80],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0xfe, 0xfe, 0xff, 0xff],
]

export const byteMutation = fc.record({ at: fc.nat(), seq: fc.nat({ max: INVALID_UTF8.length - 1 }) })

/** Inserts an invalid UTF-8 sequence into the encoded body. */
export function applyBytes(bytes: Uint8Array, m: { at: number; seq: number }): Uint8Array {
  const seq = INVALID_UTF8[m.seq] ?? [0xff]
  const i = m.at % (bytes.length + 1)
  const out = new Uint8Array(bytes.length + seq.length)
  out.set(bytes.subarray(0, i), 0)
  out.set(seq, i)
  out.set(bytes.subarray(i), i + seq.length)
  return out
}
