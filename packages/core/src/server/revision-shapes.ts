import { V2025_03_26, V2025_06_18, V2025_11_25, V2026_07_28 } from '../protocol/versions.js'
import type { JsonObject } from './types.js'

/**
 * Fields each legacy revision added to listed objects. A client of an older revision gets the shape its
 * schema describes; the modern revision gets everything.
 */
const ADDED_IN: Record<string, string> = {
  annotations: V2025_03_26,
  title: V2025_06_18,
  outputSchema: V2025_06_18,
  icons: V2025_11_25,
  structuredContent: V2025_06_18,
  // A task-capable tool's `execution.taskSupport`: 2025-11-25 has the field, but for its own tasks (a `task`
  // param on the request), which this server does not run; only 2026-07-28 clients (SEP-2663) can use it.
  execution: V2026_07_28,
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
