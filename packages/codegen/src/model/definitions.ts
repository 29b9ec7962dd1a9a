import { createHash } from 'node:crypto'
import { docOf } from './docs.js'
import { type NameAllocator, pascalIdentifier } from './identifiers.js'
import { isObject, lastToken, resolveRef, type SchemaDocument } from './refs.js'
import { type NamedType, type TypeNode, UNKNOWN } from './type-node.js'

const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples'])
const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'] as const

const HASH_BUDGET = 20_000
/** References followed in a row while hashing one definition; past it the definition is not shared. */
const MAX_REF_CHAIN = 200
const BUDGET_EXCEEDED = Symbol('hash budget exceeded')

interface Pending {
  name: string
  doc: SchemaDocument
  schema: unknown
}

type Convert = (schema: unknown, doc: SchemaDocument) => TypeNode

/**
 * The named types behind `$ref`s. Every reference target becomes one exported type; targets whose schemas are
 * structurally identical (same JSON, same targets of their own references, recursion included) share one type,
 * across all tools. Names come from the last pointer token and are allocated on first use.
 */
export class DefinitionRegistry {
  readonly #names: NameAllocator
  readonly #warn: (message: string) => void
  readonly #byHash = new Map<string, string>()
  readonly #hashes = new Map<string, string>()
  readonly #queue: Pending[] = []
  readonly #topLevel = new Map<string, string>()
  #budget = 0

  constructor(names: NameAllocator, warn: (message: string) => void) {
    this.#names = names
    this.#warn = warn
  }

  /** The type a `$ref` stands for: a named reference, or unknown (with a warning) when it cannot resolve. */
  refType(doc: SchemaDocument, ref: string): TypeNode {
    const target = resolveRef(doc.root, ref)
    if ('error' in target) {
      this.#warn(`${doc.id}: ${target.error}; typed as unknown`)
      return UNKNOWN
    }
    if (target.pointer === '') return { kind: 'ref', name: doc.rootName }
    const hash = this.#hashOf(doc, target.pointer)
    let name = this.#byHash.get(hash)
    if (name === undefined) {
      name = this.#names.allocate(pascalIdentifier(lastToken(target.pointer), 'Definition'))
      this.#byHash.set(hash, name)
      this.#queue.push({ name, doc, schema: target.schema })
    }
    return { kind: 'ref', name }
  }

  /** Converts every definition referenced so far (and those they reference), in first-use order. */
  drain(convert: Convert): NamedType[] {
    const out: NamedType[] = []
    for (let i = 0; i < this.#queue.length; i++) {
      const { name, doc, schema } = this.#queue[i]!
      out.push({ name, type: convert(schema, doc), doc: docOf(schema) })
    }
    return out
  }

  #hashOf(doc: SchemaDocument, pointer: string): string {
    const key = `${doc.id}\u0000${pointer}`
    let hash = this.#topLevel.get(key)
    if (hash !== undefined) return hash
    this.#budget = HASH_BUDGET
    try {
      hash = this.#hash(doc, pointer, []).hash
    } catch (error) {
      if (error !== BUDGET_EXCEEDED) throw error
      // A huge web of mutually recursive definitions: give up on sharing this one rather than spend minutes.
      hash = `identity:${key}`
    }
    this.#topLevel.set(key, hash)
    return hash
  }

  /** Structural hash; a reference back into the current chain is written as its distance (`cycle:n`). */
  #hash(doc: SchemaDocument, pointer: string, stack: string[]): { hash: string; reach: number } {
    const key = `${doc.id}\u0000${pointer}`
    const memo = this.#hashes.get(key)
    if (memo !== undefined) return { hash: memo, reach: Number.POSITIVE_INFINITY }
    const at = stack.indexOf(key)
    if (at >= 0) return { hash: `cycle:${stack.length - at}`, reach: at }
    if (pointer === '') return { hash: `root:${doc.id}`, reach: Number.POSITIVE_INFINITY }
    const target = resolveRef(doc.root, `#${pointer}`)
    if ('error' in target) return { hash: 'unresolved', reach: Number.POSITIVE_INFINITY }
    // A chain of thousands of references (3,000 definitions each naming the next) would overflow the stack.
    if (--this.#budget < 0 || stack.length >= MAX_REF_CHAIN) throw BUDGET_EXCEEDED
    const depth = stack.length
    stack.push(key)
    let reach = Number.POSITIVE_INFINITY
    const canonical = canonicalJson(target.schema, true, (ref) => {
      const next = resolveRef(doc.root, ref)
      if ('error' in next) return 'unresolved'
      const result = this.#hash(doc, next.pointer, stack)
      reach = Math.min(reach, result.reach)
      return result.hash
    })
    stack.pop()
    const hash = createHash('sha256').update(canonical).digest('base64url')
    // Cache only hashes that cannot depend on where the walk came from: no reference out of this subtree
    // and this definition on no cycle (a member of a cycle hashes differently from each entry point).
    if (reach > depth) this.#hashes.set(key, hash)
    return { hash, reach }
  }
}

/** JSON with sorted keys; in schema positions, local reference strings are replaced by `replaceRef`. */
function canonicalJson(value: unknown, schemaPosition: boolean, replaceRef: (ref: string) => string): string {
  if (Array.isArray(value)) {
    return `[${value.map((v) => canonicalJson(v, schemaPosition, replaceRef)).join(',')}]`
  }
  if (!isObject(value)) return JSON.stringify(value) ?? 'null'
  const keys = Object.keys(value).sort()
  const parts = keys.map((key) => {
    const v = value[key]
    let text: string
    if (schemaPosition && (REF_KEYWORDS as readonly string[]).includes(key) && typeof v === 'string') {
      text = JSON.stringify(v.startsWith('#') ? `@${replaceRef(v)}` : v)
    } else {
      text = canonicalJson(v, schemaPosition && !DATA_KEYWORDS.has(key), replaceRef)
    }
    return `${JSON.stringify(key)}:${text}`
  })
  return `{${parts.join(',')}}`
}
