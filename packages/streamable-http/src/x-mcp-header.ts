/**
 * `x-mcp-header` tool-parameter annotations (2026-07-28 basic/transports/streamable-http "Custom Headers from
 * Tool Parameters"; server/tools "x-mcp-header"): which arguments a `tools/call` mirrors into
 * `Mcp-Param-{Name}` headers, and the constraints a valid annotation meets.
 */

import { isObject } from '@edgemcp/core/internal'

export interface HeaderBinding {
  /** The `x-mcp-header` value: the header is `Mcp-Param-{name}`. */
  name: string
  /** The chain of `properties` keys from the schema root to the annotated property. */
  path: string[]
}

export interface HeaderBindings {
  bindings: HeaderBinding[]
  /** Constraint violations; a client must not offer a tool that has any. */
  problems: string[]
}

const KEY = 'x-mcp-header'
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const PRIMITIVES: ReadonlySet<unknown> = new Set(['string', 'integer', 'boolean'])
/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'required'])

/** One type among string, integer and boolean (null aside). */
function primitiveType(schema: Record<string, unknown>): boolean {
  const t = schema.type
  const types = Array.isArray(t) ? t.filter((x) => x !== 'null') : [t]
  return types.length === 1 && PRIMITIVES.has(types[0])
}

/**
 * Why an annotation is invalid: not on a property reachable through `properties` (`place`), its value not an
 * HTTP token (`token`), its name already taken (`unique`), its property not of a primitive type (`type`).
 */
type Problem = 'place' | 'token' | 'unique' | 'type'
type Report = (problem: Problem, path: string[] | null, name: unknown) => void

/**
 * The annotations of an input schema where they may be, on properties reachable from the root through
 * `properties`: the valid ones are returned, the invalid ones go to `report`. What the server validates
 * requests by; `headerBindings` also looks everywhere else (`elsewhere` gets each other keyword's value).
 */
export function bindingsIn(
  inputSchema: unknown,
  report?: Report,
  elsewhere?: (keyword: string, value: unknown) => void,
): HeaderBinding[] {
  const bindings: HeaderBinding[] = []
  const seen = new Set<string>()
  const visit = (schema: unknown, path: string[]): void => {
    if (!isObject(schema)) {
      elsewhere?.('', schema)
      return
    }
    if (KEY in schema) {
      const name = schema[KEY]
      const problem: Problem | undefined = !path.length
        ? 'place'
        : typeof name !== 'string' || !TOKEN.test(name)
          ? 'token'
          : seen.has(name.toLowerCase())
            ? 'unique'
            : primitiveType(schema)
              ? undefined
              : 'type'
      if (problem) report?.(problem, path, name)
      else {
        seen.add((name as string).toLowerCase())
        bindings.push({ name: name as string, path })
      }
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && isObject(value)) {
        for (const [prop, sub] of Object.entries(value)) visit(sub, [...path, prop])
      } else elsewhere?.(key, value)
    }
  }
  visit(inputSchema, [])
  return bindings
}

/**
 * Reports the annotations in the value of a schema keyword that is not a reachable `properties` (the value
 * of `items`, `anyOf`, …; `''` for a schema itself) as misplaced. Annotations and data keywords hold no schemas.
 */
function misplaced(keyword: string, value: unknown, report: Report): void {
  if (keyword === KEY || DATA_KEYWORDS.has(keyword)) return
  if (Array.isArray(value)) for (const item of value) misplaced('', item, report)
  else if (isObject(value)) {
    if (KEY in value) report('place', null, value[KEY])
    for (const [key, sub] of Object.entries(value)) {
      if (key === 'properties' && isObject(sub))
        for (const schema of Object.values(sub)) misplaced('', schema, report)
      else misplaced(key, sub, report)
    }
  }
}

/** Finds every annotation of an input schema, with the problems that make the tool definition invalid. */
export function headerBindings(inputSchema: unknown): HeaderBindings {
  const problems: string[] = []
  const report: Report = (problem, path, name) => {
    const where = path === null ? 'a position not reachable through properties' : path.join('.') || '(root)'
    problems.push(
      problem === 'place'
        ? `${KEY} on ${where}`
        : problem === 'token'
          ? `${KEY} of ${where} is not an HTTP field-name token`
          : `${KEY} "${name}" is ${problem === 'unique' ? 'not unique' : 'on a non-primitive (or number) type'}`,
    )
  }
  const bindings = bindingsIn(inputSchema, report, (keyword, value) => misplaced(keyword, value, report))
  return { bindings, problems }
}

/** The argument at a binding's path; undefined when absent. */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let v: unknown = args
  for (const key of path) {
    if (!isObject(v) || !Object.hasOwn(v, key)) return undefined
    v = v[key]
  }
  return v
}

/** The header text of an argument (string as-is, integer in decimal, boolean lowercase); undefined to omit. */
export function headerText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value)
    ? String(value)
    : undefined
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/** Whether a decoded header value stands for the body value (integers compare numerically). */
export function headerMatches(headerValue: string, bodyValue: unknown): boolean {
  return typeof bodyValue === 'number'
    ? NUMERIC.test(headerValue) && Number(headerValue) === bodyValue
    : headerText(bodyValue) === headerValue
}
