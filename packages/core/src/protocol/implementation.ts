import { V2025_06_18, V2025_11_25 } from './versions.js'
import type { Implementation, JsonObject } from '../server/types.js'

/**
 * An `Implementation` (clientInfo / serverInfo) with only the fields a revision knows: `title` from 2025-06-18;
 * `description`, `websiteUrl` and `icons` from 2025-11-25.
 */
export function implementationFor(version: string, info: Implementation): JsonObject {
  const out: JsonObject = { name: info.name, version: info.version }
  if (version >= V2025_06_18 && info.title !== undefined) out.title = info.title
  if (version >= V2025_11_25)
    for (const k of ['description', 'websiteUrl', 'icons'] as const)
      if (info[k] !== undefined) out[k] = info[k]
  return out
}
