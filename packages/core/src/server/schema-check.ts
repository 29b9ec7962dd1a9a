import { isObject, isStringArray } from '../protocol/json.js'
import {
  type CompiledSchema,
  compileSchema,
  isStandardSchema,
  type SchemaInput,
  schemaArrayKeyword,
  schemaKeyword,
  schemaMapKeyword,
} from './schema-validation.js'

// A tool's schemas are checked once, when it is registered, so that a typo fails where it was written (naming
// the tool and the field) and not at every call (blaming the caller) or in a client's listing (the official
// SDK's listTools() rejects a whole list for one tool whose inputSchema is not `type: 'object'`). Structural
// checks only, small for the tools-only bundle: type names and `required` in every subschema the validator
// reads (its own keyword tables say which), `type: 'object'` at the top, and no schema library object (zod's
// raw shape `{ a: z.number() }`) where JSON Schema belongs.

const TYPE = /^(string|number|integer|boolean|object|array|null)$/

/**
 * compileSchema of a tool's `inputSchema` or `outputSchema`, and its check: throws
 * `tool "<name>": <field>: <what is wrong>`.
 */
export function compileToolSchema(
  tool: string,
  field: 'inputSchema' | 'outputSchema',
  schema: SchemaInput = {},
): CompiledSchema {
  const compiled = compileSchema(schema, field === 'inputSchema' ? 'input' : 'output')
  const fail = (at: string, what: string) => {
    throw new TypeError(`tool "${tool}": ${at}: ${what}`)
  }
  const walk = (s: any, at: string): void => {
    if (typeof s === 'boolean') return
    if (!isObject(s) || isStandardSchema(s))
      fail(at, s?.['~standard'] ? 'pass z.object({ ... }), not a raw shape' : 'is not a JSON Schema')
    for (const key in s) {
      const value = s[key]
      const next = `${at}.${key}`
      if (key === 'type' && ![value].flat().every((t) => TYPE.test(t)))
        fail(next, `${JSON.stringify(value)} is not a JSON Schema type`)
      if (key === 'required' && !isStringArray(value)) fail(next, 'must be an array of property names')
      if (schemaMapKeyword[key] || (schemaArrayKeyword[key] && Array.isArray(value)))
        for (const name in value) walk(value[name], `${next}.${name}`)
      else if (schemaKeyword[key] || (at === field && isStandardSchema(value))) walk(value, next)
    }
  }
  // A raw schema is its own jsonSchema; a Standard Schema's is what its converter wrote.
  const root = compiled.jsonSchema
  walk(root, field)
  if ((root.type ?? 'object') !== 'object') fail(`${field}.type`, 'must be "object"')
  return compiled
}
