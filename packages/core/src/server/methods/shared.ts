import { invalidParams } from '../../errors/protocol-error.js'
import type { RequestScope } from '../core.js'
import { paginate } from '../pagination.js'
import { shapeFor } from '../revision-shapes.js'
import type { JsonObject } from '../types.js'
import { isObject } from '../../protocol/json.js'

export function requireString(params: JsonObject, field: string): string {
  const v = params[field]
  if (typeof v !== 'string') throw invalidParams(v === undefined ? 'is required' : 'must be a string', field)
  return v
}

export function optionalObject(params: JsonObject, field: string): JsonObject | undefined {
  const v = params[field]
  if (v === undefined) return undefined
  if (!isObject(v)) throw invalidParams('must be an object', field)
  return v
}

export function requireObject(params: JsonObject, field: string): JsonObject {
  const v = optionalObject(params, field)
  if (!v) throw invalidParams('is required', field)
  return v
}

/** Keys of a fixed list that a revision added to listed objects (see revision-shapes). */
export const TOOL_KEYS = ['annotations', 'title', 'outputSchema', 'icons', 'execution']
export const ITEM_KEYS = ['title', 'icons']

/** One page of a list result (`{ [key]: items, nextCursor? }`), items in the shape of the request's revision. */
export function listPage(scope: RequestScope, key: string, all: JsonObject[], keys = ITEM_KEYS): JsonObject {
  const { registry, options } = scope.core
  const page = paginate(all, scope.params.cursor, options.pageSize, registry.version)
  const result: JsonObject = { [key]: page.items.map((item) => shapeFor(scope.protocolVersion, item, keys)) }
  if (page.nextCursor) result.nextCursor = page.nextCursor
  return result
}

/** The listed (wire) objects of registered entries. */
export const wires = (entries: Map<string, { wire: JsonObject }>): JsonObject[] =>
  Array.from(entries.values(), (e) => e.wire)

/**
 * A shallow copy a method may add fields to. `Object.assign`, not a spread: V8 gives a spread clone no room to
 * grow, so adding `resultType`/`_meta` to it afterwards (and serialising it) costs about a microsecond more.
 */
export const ownCopy = (value: object): JsonObject => Object.assign<JsonObject, object>({}, value)
