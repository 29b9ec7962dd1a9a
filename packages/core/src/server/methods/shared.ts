import { invalidParams } from '../../errors/protocol-error.js'
import type { JsonObject } from '../types.js'

export function requireString(params: JsonObject, field: string): string {
  const v = params[field]
  if (typeof v !== 'string') throw invalidParams(v === undefined ? 'is required' : 'must be a string', field)
  return v
}

export function optionalObject(params: JsonObject, field: string): JsonObject | undefined {
  const v = params[field]
  if (v === undefined) return undefined
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalidParams('must be an object', field)
  return v as JsonObject
}

/** Keys of a fixed list that a revision added to listed objects (see revision-shapes). */
export const TOOL_KEYS = ['annotations', 'title', 'outputSchema', 'icons']
export const ITEM_KEYS = ['title', 'icons']
