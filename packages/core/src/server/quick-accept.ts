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

/** Keys that change nothing a value must be. */
const ANNOTATION = /^(title|description|default|examples|deprecated|\$comment)$/
/** Whether every key of `rest` is an annotation. */
const onlyAnnotations = (rest: object) => Object.keys(rest).every((k) => ANNOTATION.test(k))

/** The check of each primitive `type`. */
const PRIMITIVES: Record<string, PropertyCheck> = {
  string: (v) => typeof v === 'string',
  number: Number.isFinite as PropertyCheck,
  integer: Number.isInteger as PropertyCheck,
  boolean: (v) => typeof v === 'boolean',
}

export function compileQuickAccept(schema: JsonSchema): QuickAccept | undefined {
  const { type, properties = {}, required = [], additionalProperties = true, $schema, ...rest } = schema
  if (
    type !== 'object' ||
    !isObject(properties) ||
    !isStringArray(required) ||
    typeof additionalProperties !== 'boolean' ||
    !onlyAnnotations(rest)
  )
    return undefined
  const checks = new Map<string, PropertyCheck>()
  for (const [name, s] of Object.entries(properties)) {
    if (!isObject(s)) return undefined
    // A one-type array (`["string"]`) names its type as a key too, and means the same.
    const { type, enum: values, ...annotations } = s as { type: string; enum?: unknown }
    const byType = Object.hasOwn(PRIMITIVES, type) ? PRIMITIVES[type] : undefined
    if (!byType || !onlyAnnotations(annotations)) return undefined
    if (values === undefined) checks.set(name, byType)
    else if (Array.isArray(values) && values.every((e) => e === null || typeof e !== 'object'))
      checks.set(name, (v) => byType(v) && values.includes(v))
    else return undefined
  }
  return (value) =>
    isObject(value) &&
    required.every((r) => Object.hasOwn(value, r)) &&
    Object.keys(value).every((key) => {
      const check = checks.get(key)
      return check ? check(value[key]) : additionalProperties
    })
}
