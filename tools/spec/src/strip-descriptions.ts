/**
 * Removes the `description` annotation keyword from a JSON Schema document, walking only schema positions,
 * so that a property *named* `description` (a key of a `properties` map) survives. Data-valued keywords
 * (`const`, `enum`, `default`, `examples`, unknown keywords) are left untouched.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** Keywords whose value is a single subschema. */
const SCHEMA_KEYWORDS = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
])
/** Keywords whose value is an array of subschemas (draft-07 tuple `items` included). */
const SCHEMA_ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'])
/** Keywords whose value is a map from names to subschemas. */
const SCHEMA_MAP_KEYWORDS = new Set([
  '$defs',
  'definitions',
  'dependentSchemas',
  'patternProperties',
  'properties',
])

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Returns a copy of `schema` without `description` keywords; the input is not modified. */
export function stripDescriptions(schema: Json): Json {
  if (!isObject(schema)) return schema
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description') continue
    if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      out[key] = value.map(stripDescriptions)
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = stripDescriptions(value)
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      const map: JsonObject = {}
      for (const [name, sub] of Object.entries(value)) map[name] = stripDescriptions(sub)
      out[key] = map
    } else {
      out[key] = value
    }
  }
  return out
}

/** Deep copy with object keys in code-point order, so the output does not depend on upstream key order. */
export function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (!isObject(value)) return value
  const out: JsonObject = {}
  for (const key of Object.keys(value).sort(compareCodePoints)) out[key] = sortKeys(value[key] as Json)
  return out
}

const compareCodePoints = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The committed form of a stripped schema: sorted keys, 2-space JSON, trailing newline. */
export const serializeSchema = (schema: Json): string => `${JSON.stringify(sortKeys(schema), null, 2)}\n`

/** Upstream schema text -> committed in-repo schema text. */
export const stripSchemaText = (upstream: string): string =>
  serializeSchema(stripDescriptions(JSON.parse(upstream) as Json))
