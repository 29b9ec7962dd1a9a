/**
 * Finds the properties of a JSON value that its schema never declares at that position. JSON Schema allows
 * them (objects are open unless `additionalProperties` says otherwise) but the generated TypeScript types are
 * closed, so an example that carries one would fail tsc's excess-property check.
 *
 * Objects count as open exactly where the type generator emits an index signature: `additionalProperties`
 * set to true or a schema, no declared properties, or a `_meta` object. `anyOf`/`oneOf` branches are merged
 * (a property declared by any branch counts as declared), so this can miss a property but never flags one
 * that some branch declares.
 */

import type { Json } from './strip-descriptions.js'

type Schema = { [key: string]: Json }

const isSchema = (value: Json | undefined): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const OBJECT_KEYWORDS = ['properties', 'additionalProperties', 'type'] as const

export class UndeclaredPropertyFinder {
  constructor(private readonly defs: Record<string, Json>) {}

  /** JSON pointers (e.g. `/params/id`) of the undeclared properties of `value` as an instance of `defName`. */
  find(value: Json, defName: string): string[] {
    const def = this.defs[defName]
    if (def === undefined) throw new Error(`unknown definition ${defName}`)
    const found: string[] = []
    this.walk(value, this.expand(def, new Set()), '', false, found)
    return found
  }

  /** Resolves `$ref`s and flattens `allOf`/`anyOf`/`oneOf` into the list of schemas that may apply. */
  private expand(schema: Json, seen: Set<string>): Json[] {
    if (!isSchema(schema)) return [schema]
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace(/^#\/(?:\$defs|definitions)\//, '')
      if (seen.has(name)) return []
      const target = this.defs[name]
      if (target === undefined) throw new Error(`dangling $ref ${schema.$ref}`)
      return this.expand(target, new Set([...seen, name]))
    }
    const members = [schema.allOf, schema.anyOf, schema.oneOf].flatMap((list) =>
      Array.isArray(list) ? list : [],
    )
    if (members.length === 0) return [schema]
    const self = OBJECT_KEYWORDS.some((key) => key in schema) ? [schema] : []
    return [...self, ...members.flatMap((member) => this.expand(member, seen))]
  }

  private walk(value: Json, candidates: Json[], path: string, forceOpen: boolean, found: string[]): void {
    if (Array.isArray(value)) {
      const items = candidates.flatMap((c) => (isSchema(c) && c.items !== undefined ? [c.items] : []))
      const itemCandidates = items.flatMap((item) => this.expand(item, new Set()))
      if (itemCandidates.length === 0) return
      value.forEach((item, i) => {
        this.walk(item, itemCandidates, `${path}/${i}`, false, found)
      })
      return
    }
    if (!isSchema(value)) return
    const objects = candidates.filter(describesObject)
    if (objects.length === 0 || candidates.some((c) => c === true)) return
    const open = forceOpen || objects.some(isOpenObject)
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
      const declared = objects.flatMap((c) =>
        isSchema(c.properties) && c.properties[key] !== undefined ? [c.properties[key]] : [],
      )
      if (declared.length === 0 && !open) found.push(childPath)
      const extra = objects.flatMap((c) => (isSchema(c.additionalProperties) ? [c.additionalProperties] : []))
      const childCandidates = [...declared, ...extra].flatMap((s) => this.expand(s, new Set()))
      if (childCandidates.length > 0) this.walk(child, childCandidates, childPath, key === '_meta', found)
    }
  }
}

function describesObject(schema: Json): schema is Schema {
  if (!isSchema(schema)) return false
  const type = schema.type
  if (type === undefined) return true
  return type === 'object' || (Array.isArray(type) && type.includes('object'))
}

function isOpenObject(schema: Schema): boolean {
  const extra = schema.additionalProperties
  if (extra === true || isSchema(extra)) return true
  if (extra === false) return false
  return !isSchema(schema.properties) || Object.keys(schema.properties).length === 0
}
