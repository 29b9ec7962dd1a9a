/**
 * What codegen refuses in a listing instead of writing code that does not compile or running out of stack
 * (red-team L2, L3): numbers JSON cannot hold, schemas nested past any real one, listings past any real server.
 */

/** Nesting of objects and arrays in one schema (a property's schema is two levels: `properties`, the name). */
export const MAX_SCHEMA_DEPTH = 512

/** Tools (and prompts, and resource templates) one listing may have. */
export const MAX_LISTED = 10_000

/** What in `schema` cannot be written as TypeScript, as `<field>.<path>: <problem>`; undefined when nothing. */
export function schemaProblem(schema: unknown, field: string): string | undefined {
  // Iterative: a schema nested 100,000 deep is refused, not a stack overflow.
  const stack: Array<[unknown, string, number]> = [[schema, field, 0]]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, path, depth] = next
    if (typeof value === 'number' && !Number.isFinite(value))
      return `${path}: ${value} is a number JSON cannot hold (written as 1e400 or the like), so it has no type`
    if (typeof value !== 'object' || value === null) continue
    if (depth >= MAX_SCHEMA_DEPTH) return `${path}: nested deeper than ${MAX_SCHEMA_DEPTH} levels`
    // Reversed onto the stack, so that the first offending field in document order is the one named.
    for (const [key, v] of Object.entries(value).reverse()) stack.push([v, `${path}.${key}`, depth + 1])
  }
  return undefined
}
