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
/** Keywords whose value lists subschemas (an array, or an object of named ones), or (`ONE`) is one. */
const MANY = /^(properties|\$defs|definitions|allOf|anyOf|oneOf|prefixItems)$/
const ONE = /^(not|additionalProperties)$/

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
    for (const key in s) {
      const value = s[key]
      const next = `${at}.${key}`
      if (key === 'type' && ![value].flat().every((t) => TYPE.test(t)))
        fail(next, `${JSON.stringify(value)} is not a JSON Schema type`)
      if (key === 'required' && !isStringArray(value)) fail(next, 'must be an array of property names')
      if (MANY.test(key) || (key === 'items' && Array.isArray(value)))
        for (const [name, v] of Object.entries(value)) walk(v, `${next}.${name}`)
      else if (ONE.test(key) || key === 'items' || (at === field && isStandardSchema(value)))
        walk(value, next)
    }
    if (at === field && s.type !== undefined && s.type !== 'object') fail(`${at}.type`, 'must be "object"')
  }
  const raw = !isStandardSchema(schema)
  if (raw) walk(schema, field)
  const compiled = compileSchema(schema, field === 'inputSchema' ? 'input' : 'output')
  if (!raw) walk(compiled.jsonSchema, field)
  return compiled
}
