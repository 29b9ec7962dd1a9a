import { isObject, isStringArray } from '../protocol/json.js'
import {
  type CompiledSchema,
  compileSchema,
  isStandardSchema,
  type SchemaInput,
} from './schema-validation.js'

// A tool's schemas are checked once, when it is registered, so that a typo fails where it was written (naming
// the tool and the field) and not at every call (blaming the caller) or in a client's listing (the official
// SDK's listTools() rejects a whole list for one tool whose inputSchema is not `type: 'object'`). Structural
// checks only, small for the tools-only bundle: what @cfworker/json-schema relies on (type names, `required`,
// subschemas), `type: 'object'` at the top, and no schema library object (zod's raw shape `{ a: z.number() }`)
// where JSON Schema belongs.

const TYPE = /^(string|number|integer|boolean|object|array|null)$/
/** Keywords whose value is a subschema or a list of them, and (`MAPS`) those mapping names to subschemas. */
const SUBSCHEMAS = /^(items|prefixItems|allOf|anyOf|oneOf|not|additionalProperties)$/
const MAPS = /^(properties|\$defs|definitions)$/

/**
 * compileSchema of a tool's `inputSchema` or `outputSchema`, checked first: throws
 * `tool "<name>": <field>: <what is wrong>`.
 */
export function compileToolSchema(
  tool: string,
  field: 'inputSchema' | 'outputSchema',
  schema: SchemaInput = {},
): CompiledSchema {
  const fail = (at: string, what: string) => {
    throw new TypeError(`tool "${tool}": ${at}: ${what}`)
  }
  const walk = (s: any, at: string): void => {
    if (s === true || s === false) return
    if (!isObject(s) || isStandardSchema(s))
      fail(at, s?.['~standard'] ? 'pass z.object({ ... }), not a raw shape' : 'is not a JSON Schema')
    for (const [key, value] of Object.entries(s)) {
      const next = `${at}.${key}`
      if (key === 'type') {
        for (const t of [value].flat())
          if (!TYPE.test(t as string)) fail(next, `"${t}" is not a JSON Schema type`)
      } else if (key === 'required') {
        if (!isStringArray(value)) fail(next, 'must be an array of property names')
      } else if (SUBSCHEMAS.test(key))
        for (const [i, v] of [value].flat().entries()) walk(v, Array.isArray(value) ? `${next}.${i}` : next)
      else if (MAPS.test(key))
        for (const [name, v] of Object.entries(value as object)) walk(v, `${next}.${name}`)
      else if (at === field && isStandardSchema(value)) walk(value, next)
    }
    if (at === field && s.type !== undefined && s.type !== 'object') fail(`${at}.type`, 'must be "object"')
  }
  const raw = !isStandardSchema(schema)
  if (raw) walk(schema, field)
  const compiled = compileSchema(schema, field === 'inputSchema' ? 'input' : 'output')
  if (!raw) walk(compiled.jsonSchema, field)
  return compiled
}
