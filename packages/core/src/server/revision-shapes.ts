import type { JsonObject } from './types.js'

/**
 * Fields each legacy revision added to listed objects. A client of an older revision gets the shape its
 * schema describes; the modern revision gets everything.
 */
const ADDED_IN: Record<string, string> = {
  annotations: '2025-03-26',
  title: '2025-06-18',
  outputSchema: '2025-06-18',
  icons: '2025-11-25',
  structuredContent: '2025-06-18',
}

/** Drops the fields among `keys` that the revision does not know. Returns the same object when nothing needs dropping. */
export function shapeFor(version: string, wire: JsonObject, keys: readonly string[]): JsonObject {
  let out: JsonObject | undefined
  for (const key of keys) {
    const since = ADDED_IN[key]
    if (since !== undefined && version < since && key in wire) {
      out ??= { ...wire }
      delete out[key]
    }
  }
  return out ?? wire
}
