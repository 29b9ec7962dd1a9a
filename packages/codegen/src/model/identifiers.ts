/**
 * Identifier rules. A tool name becomes a camelCase function name: the name is split into words at every
 * character that cannot continue a JavaScript identifier and at `_` (so `get-issue`, `get.issue`, `get issue`,
 * `get/issue` and `get_issue` all give `getIssue`); a leading digit gets a `_` prefix; a reserved word gets a
 * `_` suffix. When names collide, one that already is that identifier keeps it; otherwise the first by raw name
 * (UTF-16 code units) does, and the others get `_2`, `_3`, ... in that order — a form no name from the first step
 * can take, so suffixes never chain. `--rename` choices are taken before all of this.
 */

const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with implements interface let package private protected public static yield await arguments eval ' +
    'undefined NaN Infinity ' +
    // Not reserved, but a module that exports `then` is a thenable: `await import()` would call it (L1).
    'then'
  ).split(' '),
)

/** Type names the generated code itself relies on, so no schema-derived type may shadow them. */
export const GLOBAL_TYPE_NAMES: readonly string[] = [
  'AbortSignal',
  'Array',
  'Boolean',
  'Date',
  'Error',
  'Exclude',
  'Extract',
  'Function',
  'JSON',
  'Map',
  'NonNullable',
  'Number',
  'Object',
  'Omit',
  'Partial',
  'Pick',
  'Promise',
  'Readonly',
  'ReadonlyArray',
  'Record',
  'Required',
  'Set',
  'String',
  'Symbol',
  'Uint8Array',
  // What connect() and the runtime name (`target: string | URL`, a WeakMap of clients, TypeError).
  'TypeError',
  'URL',
  'WeakMap',
]

export function isReservedWord(name: string): boolean {
  return RESERVED_WORDS.has(name)
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u

/** True when `name` can be written as a bare identifier (reserved words included: they are fine as keys). */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name)
}

/** Split a raw name into words at anything that is not a letter, digit or `$`. */
export function words(raw: string): string[] {
  return raw.split(/[^\p{ID_Continue}$]|_/u).filter((w) => w.length > 0)
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

function lowerFirstWord(word: string): string {
  // An all-caps first word (`HTTP_GET`) reads better fully lowercased (`httpGET`) than as `hTTPGET`.
  return word === word.toUpperCase() ? word.toLowerCase() : word.charAt(0).toLowerCase() + word.slice(1)
}

function guardStart(name: string, fallback: string): string {
  if (name.length === 0) return fallback
  return /^[\p{ID_Start}$_]/u.test(name) ? name : `_${name}`
}

/** `get_issue` → `getIssue`; `2fa-verify` → `_2faVerify`; `delete` → `delete_`. */
export function camelIdentifier(raw: string, fallback = 'tool'): string {
  const [first, ...rest] = words(raw)
  const name = guardStart(
    first === undefined ? '' : lowerFirstWord(first) + rest.map(upperFirst).join(''),
    fallback,
  )
  return isReservedWord(name) ? `${name}_` : name
}

/** The base of a function's type names: `getIssue` → `GetIssue`, `delete_` → `Delete`, `aB_2` → `AB_2`. */
export function typeBaseOf(identifier: string): string {
  const base = identifier.replace(/_$/, '')
  return base.charAt(0).toUpperCase() + base.slice(1)
}

/** `tree_node` → `TreeNode`; used for type names. */
export function pascalIdentifier(raw: string, fallback = 'Type'): string {
  return guardStart(words(raw).map(upperFirst).join(''), fallback)
}

/**
 * Gives every raw name a distinct identifier. `candidate` proposes one per name; `fixed` maps raw names to
 * identifiers chosen by the user (`--rename`); `taken` are identifiers nobody may get.
 */
export function assignIdentifiers(
  rawNames: readonly string[],
  candidate: (raw: string) => string,
  options: {
    fixed?: ReadonlyMap<string, string>
    taken?: Iterable<string>
    /** True when `raw` stands for exactly its candidate (so it keeps it in a collision). Default: equality. */
    isExact?: (raw: string, candidate: string) => boolean
  } = {},
): Map<string, string> {
  const result = new Map<string, string>()
  const used = new Set(options.taken ?? [])
  const sorted = [...new Set(rawNames)].sort(compareCodeUnits)
  for (const raw of sorted) {
    const fixed = options.fixed?.get(raw)
    if (fixed === undefined) continue
    result.set(raw, fixed)
    used.add(fixed)
  }
  const losers: Array<[string, string]> = []
  // A name that already is its own identifier (`getIssue`) keeps it; the rest go in code-unit order.
  const isExact = options.isExact ?? ((raw, name) => raw === name)
  const exact = (raw: string): boolean => isExact(raw, candidate(raw))
  const ordered = [...sorted.filter(exact), ...sorted.filter((raw) => !exact(raw))]
  for (const raw of ordered) {
    if (result.has(raw)) continue
    const name = candidate(raw)
    if (used.has(name)) {
      losers.push([raw, name])
    } else {
      result.set(raw, name)
      used.add(name)
    }
  }
  for (const [raw, name] of losers) {
    let n = 2
    while (used.has(`${name}_${n}`)) n++
    result.set(raw, `${name}_${n}`)
    used.add(`${name}_${n}`)
  }
  return new Map(rawNames.map((raw) => [raw, result.get(raw)!]))
}

/** Allocates type names in one namespace: the first request for a name gets it, later ones get `Name2`, ... */
export class NameAllocator {
  readonly #used: Set<string>
  constructor(taken: Iterable<string> = []) {
    this.#used = new Set(taken)
  }
  has(name: string): boolean {
    return this.#used.has(name)
  }
  allocate(base: string): string {
    let name = base
    for (let n = 2; this.#used.has(name); n++) name = `${base}${n}`
    this.#used.add(name)
    return name
  }
}

/** Orders strings by UTF-16 code units, independent of locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** `getIssue` → `get-issue`, for file names; lowercase so case-insensitive file systems cannot merge two. */
export function kebabFileName(identifier: string): string {
  const name = identifier
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1-$2')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
  // At most 60 characters (240 bytes of UTF-8): a 5,000-character tool name must not fail a --split run with
  // ENAMETOOLONG (L3). NameAllocator numbers the names this makes collide.
  return Array.from(name).slice(0, 60).join('').replace(/-+$/, '') || 'tool'
}
