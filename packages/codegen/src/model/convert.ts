import type { DefinitionRegistry } from './definitions.js'
import { docOf } from './docs.js'
import { isObject, type SchemaDocument } from './refs.js'
import {
  intersection,
  type JsonValue,
  keyword,
  NEVER,
  type Property,
  type TypeNode,
  UNKNOWN,
  union,
} from './type-node.js'

export interface ConvertScope {
  readonly doc: SchemaDocument
  readonly definitions: DefinitionRegistry
}

const OBJECT_HINTS = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'minProperties',
]
const ARRAY_HINTS = ['items', 'prefixItems', 'additionalItems', 'contains', 'minItems', 'maxItems']

/**
 * JSON Schema (2020-12 by default; draft-04 to 2019-09 `items` arrays and `definitions` work too) → TypeNode.
 * Keywords that do not shape a TypeScript type (`not`, `if`, `minimum`, unknown ones, ...) are ignored.
 */
export function convertSchema(schema: unknown, scope: ConvertScope): TypeNode {
  if (schema === true) return UNKNOWN
  if (schema === false) return NEVER
  if (!isObject(schema)) return UNKNOWN
  const parts: TypeNode[] = []
  for (const key of ['$ref', '$dynamicRef', '$recursiveRef']) {
    const ref = schema[key]
    if (typeof ref === 'string') parts.push(scope.definitions.refType(scope.doc, ref))
  }
  const base = convertBase(schema, scope)
  if (base) parts.push(base)
  if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((s) => convertSchema(s, scope)))
  if (Array.isArray(schema.anyOf)) parts.push(union(schema.anyOf.map((s) => convertSchema(s, scope))))
  if (Array.isArray(schema.oneOf)) parts.push(union(schema.oneOf.map((s) => convertSchema(s, scope))))
  const type = intersection(parts)
  // OpenAPI 3.0's `nullable: true` adds null to whatever the rest allows.
  return schema.nullable === true ? union([type, keyword('null')]) : type
}

/** The part of a schema given by `type`, `const`, `enum` and the object/array keywords; undefined if none. */
function convertBase(schema: Record<string, unknown>, scope: ConvertScope): TypeNode | undefined {
  if (Object.hasOwn(schema, 'const')) return { kind: 'literal', value: schema.const as JsonValue }
  if (Array.isArray(schema.enum)) {
    return union(schema.enum.map((value) => ({ kind: 'literal', value: value as JsonValue })))
  }
  let types: string[]
  if (typeof schema.type === 'string') types = [schema.type]
  else if (Array.isArray(schema.type)) types = schema.type.filter((t): t is string => typeof t === 'string')
  else if (OBJECT_HINTS.some((k) => k in schema)) types = ['object']
  else if (ARRAY_HINTS.some((k) => k in schema)) types = ['array']
  else return undefined
  return union(types.map((t) => convertTyped(t, schema, scope)))
}

function convertTyped(type: string, schema: Record<string, unknown>, scope: ConvertScope): TypeNode {
  switch (type) {
    case 'string':
      return keyword('string')
    case 'number':
    case 'integer':
      return keyword('number')
    case 'boolean':
      return keyword('boolean')
    case 'null':
      return keyword('null')
    case 'object':
      return convertObject(schema, scope)
    case 'array':
      return convertArray(schema, scope)
    default:
      return UNKNOWN
  }
}

function convertObject(schema: Record<string, unknown>, scope: ConvertScope): TypeNode {
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  )
  const properties: Property[] = []
  const declared = isObject(schema.properties) ? schema.properties : undefined
  for (const [name, sub] of Object.entries(declared ?? {})) {
    // Only `required` makes a property required; a `default` never does.
    properties.push({ name, required: required.has(name), type: convertSchema(sub, scope), doc: docOf(sub) })
  }
  const extra: TypeNode[] = []
  const additional = schema.additionalProperties
  const patterns = isObject(schema.patternProperties) ? Object.values(schema.patternProperties) : []
  if (additional !== undefined && additional !== false) extra.push(convertSchema(additional, scope))
  for (const pattern of patterns) extra.push(convertSchema(pattern, scope))
  // With no word on extra properties, an object that declares none is open and one that declares some is
  // closed: the declared ones are what a caller can rely on, and typos stay compile errors.
  if (additional === undefined && declared === undefined && patterns.length === 0) extra.push(UNKNOWN)
  for (const name of required) {
    if (declared && Object.hasOwn(declared, name)) continue
    properties.push({ name, required: true, type: extra.length > 0 ? union(extra) : UNKNOWN, doc: {} })
  }
  if (extra.length === 0) return { kind: 'object', properties }
  // An index signature must admit every declared property's type (and, for optional ones, undefined: without
  // exactOptionalPropertyTypes TypeScript checks `T | undefined` against it).
  const optional = properties.some((p) => !p.required) ? [keyword('undefined')] : []
  const index = union([...extra, ...properties.map((p) => p.type), ...optional])
  return { kind: 'object', properties, index }
}

function convertArray(schema: Record<string, unknown>, scope: ConvertScope): TypeNode {
  let prefix: unknown[] | undefined
  let rest: unknown
  if (Array.isArray(schema.prefixItems)) {
    prefix = schema.prefixItems
    rest = schema.items
  } else if (Array.isArray(schema.items)) {
    // draft-04 … 2019-09 tuples (also accepted when a 2020-12 schema uses the old form)
    prefix = schema.items
    rest = schema.additionalItems
  }
  if (!prefix) return { kind: 'array', items: convertSchema(schema.items ?? true, scope) }
  const minItems = typeof schema.minItems === 'number' ? Math.min(schema.minItems, prefix.length) : 0
  const items = prefix.map((s) => convertSchema(s, scope))
  if (rest === false) return { kind: 'tuple', items, minItems }
  return { kind: 'tuple', items, minItems, rest: convertSchema(rest ?? true, scope) }
}
