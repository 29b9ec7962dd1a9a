/**
 * `x-mcp-header` tool-parameter annotations (2026-07-28 basic/transports/streamable-http "Custom Headers from
 * Tool Parameters"; server/tools "x-mcp-header"): which arguments a `tools/call` mirrors into
 * `Mcp-Param-{Name}` headers, and the constraints a valid annotation meets.
 */

import { isObject } from '@edgemcp/core'

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
const PRIMITIVES = new Set(['string', 'integer', 'boolean'])
/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'required'])

function primitiveType(schema: Record<string, unknown>): boolean {
  const t = schema.type
  if (typeof t === 'string') return PRIMITIVES.has(t)
  if (Array.isArray(t)) {
    const nonNull = t.filter((x) => x !== 'null')
    return nonNull.length === 1 && PRIMITIVES.has(nonNull[0] as string)
  }
  return false
}

/** Finds every annotation of an input schema, with the problems that make the tool definition invalid. */
export function headerBindings(inputSchema: unknown): HeaderBindings {
  const bindings: HeaderBinding[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  const visit = (schema: unknown, path: string[] | null): void => {
    if (Array.isArray(schema)) {
      for (const item of schema) visit(item, null)
      return
    }
    if (!isObject(schema)) return
    if (KEY in schema) {
      const name = schema[KEY]
      const where = path === null ? 'a position not reachable through properties' : path.join('.') || '(root)'
      if (path === null || path.length === 0) problems.push(`${KEY} on ${where}`)
      else if (typeof name !== 'string' || !TOKEN.test(name))
        problems.push(`${KEY} of ${where} is not an HTTP field-name token`)
      else if (seen.has(name.toLowerCase())) problems.push(`${KEY} "${name}" is not unique`)
      else if (!primitiveType(schema))
        problems.push(`${KEY} "${name}" is on a non-primitive (or number) type`)
      else {
        seen.add(name.toLowerCase())
        bindings.push({ name, path })
      }
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === KEY || DATA_KEYWORDS.has(key)) continue
      if (key === 'properties' && isObject(value)) {
        for (const [prop, sub] of Object.entries(value)) visit(sub, path === null ? null : [...path, prop])
      } else visit(value, null)
    }
  }
  visit(inputSchema, [])
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
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/** Whether a decoded header value stands for the body value (integers compare numerically). */
export function headerMatches(headerValue: string, bodyValue: unknown): boolean {
  if (typeof bodyValue === 'number') return NUMERIC.test(headerValue) && Number(headerValue) === bodyValue
  const text = headerText(bodyValue)
  return text !== undefined && text === headerValue
}
