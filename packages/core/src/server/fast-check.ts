import type { JsonSchema } from './schema-validation.js'
import { isObject, isStringArray } from '../protocol/json.js'

/**
 * A quick yes for the most common tool input schemas: an object of primitive-typed properties (`type`,
 * optional `enum`, annotations), `required`, and `additionalProperties: false|true`. It only ever answers
 * "valid" for values the full validator would accept too; anything else (a `false`, or a schema it does not
 * understand: `undefined`) goes to @cfworker/json-schema, which also writes the error messages.
 */
export type FastCheck = (value: unknown) => boolean

const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', '$comment'])
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean'])

type PropertyCheck = (v: unknown) => boolean

function primitiveCheck(type: string): PropertyCheck {
  switch (type) {
    case 'string':
      return (v) => typeof v === 'string'
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v)
    case 'integer':
      return (v) => Number.isInteger(v)
    default:
      return (v) => typeof v === 'boolean'
  }
}

function propertyCheck(schema: unknown): PropertyCheck | undefined {
  if (!isObject(schema)) return undefined
  const s = schema
  let enumValues: unknown[] | undefined
  for (const key of Object.keys(s)) {
    if (key === 'type' || ANNOTATIONS.has(key)) continue
    if (key === 'enum' && Array.isArray(s.enum) && s.enum.every((e) => e === null || typeof e !== 'object')) {
      enumValues = s.enum
      continue
    }
    return undefined
  }
  if (typeof s.type !== 'string' || !PRIMITIVES.has(s.type)) return undefined
  const byType = primitiveCheck(s.type)
  if (!enumValues) return byType
  const allowed = new Set(enumValues)
  return (v) => byType(v) && allowed.has(v)
}

export function compileFastCheck(schema: JsonSchema): FastCheck | undefined {
  let additional = true
  for (const key of Object.keys(schema)) {
    if (
      key === 'type' ||
      key === 'properties' ||
      key === 'required' ||
      key === '$schema' ||
      ANNOTATIONS.has(key)
    )
      continue
    if (key === 'additionalProperties' && typeof schema.additionalProperties === 'boolean') {
      additional = schema.additionalProperties
      continue
    }
    return undefined
  }
  if (schema.type !== 'object') return undefined
  const props = schema.properties ?? {}
  if (!isObject(props)) return undefined
  const checks = new Map<string, PropertyCheck>()
  for (const [name, sub] of Object.entries(props)) {
    const check = propertyCheck(sub)
    if (!check) return undefined
    checks.set(name, check)
  }
  const required = schema.required ?? []
  if (!isStringArray(required)) return undefined
  return (value) => {
    if (!isObject(value)) return false
    const obj = value
    for (const r of required) if (!Object.hasOwn(obj, r)) return false
    for (const key in obj) {
      if (!Object.hasOwn(obj, key)) continue
      const check = checks.get(key)
      if (check ? !check(obj[key]) : !additional) return false
    }
    return true
  }
}
