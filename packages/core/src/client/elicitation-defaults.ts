import { isObject } from '../protocol/json.js'
import type { JsonObject } from './types.js'

/**
 * SEP-1034 (2025-11-25 client/elicitation "Default values"): the fields of an accepted form elicitation that
 * the user left out get the `default` of their property in `requestedSchema`. Only top-level properties with
 * a default are filled (the schema of a form is flat); a value the user gave is never replaced. Returns the
 * result unchanged when nothing applies (not accepted, URL mode, no defaults).
 */
export function applyElicitationDefaults(params: JsonObject, result: JsonObject): JsonObject {
  if (result.action !== 'accept' || params.mode === 'url') return result
  const schema = params.requestedSchema
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : undefined
  if (!properties) return result
  const given = isObject(result.content) ? result.content : {}
  const filled: JsonObject = { ...given }
  let changed = !isObject(result.content)
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property) || !('default' in property) || name in given) continue
    filled[name] = property.default
    changed = true
  }
  return changed ? { ...result, content: filled } : result
}
