import type { JsonSchema } from './schema-validation.js'
import { isObject, isStringArray } from '../protocol/json.js'

/**
 * The quick accept path of JSON Schema validation (the file was fast-check.ts, a name that read as the fuzzing
 * library): a quick yes for the most common tool input schemas: an object of primitive-typed properties
 * (`type`, optional `enum`, annotations), `required`, and `additionalProperties: false|true`. It only ever answers
 * "valid" for values the full validator would accept too; anything else (a `false`, or a schema it does not
 * understand: `undefined`) goes to @cfworker/json-schema, which also writes the error messages.
 */
export type QuickAccept = (value: unknown) => boolean

type PropertyCheck = (v: unknown) => boolean

const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', '$comment']
/** Keys a property schema may have. */
const PROPERTY_KEYS = new Set(['type', ...ANNOTATIONS])
/** Keys the object schema may have besides `additionalProperties`. */
const OBJECT_KEYS = new Set(['type', 'properties', 'required', '$schema', ...ANNOTATIONS])

/** The check of each primitive `type`. */
const PRIMITIVES: Record<string, PropertyCheck> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
}

function propertyCheck(s: unknown): PropertyCheck | undefined {
  if (!isObject(s)) return undefined
  let enumValues: unknown[] | undefined
  for (const key of Object.keys(s)) {
    if (PROPERTY_KEYS.has(key)) continue
    if (key === 'enum' && Array.isArray(s.enum) && s.enum.every((e) => e === null || typeof e !== 'object')) {
      enumValues = s.enum
      continue
    }
    return undefined
  }
  // A one-type array (`["string"]`) names its type as a key too, and means the same.
  const type = s.type as string
  const byType = Object.hasOwn(PRIMITIVES, type) ? PRIMITIVES[type] : undefined
  if (!byType) return undefined
  if (!enumValues) return byType
  const allowed = new Set(enumValues)
  return (v) => byType(v) && allowed.has(v)
}

export function compileQuickAccept(schema: JsonSchema): QuickAccept | undefined {
  let additional = true
  for (const key of Object.keys(schema)) {
    if (OBJECT_KEYS.has(key)) continue
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
