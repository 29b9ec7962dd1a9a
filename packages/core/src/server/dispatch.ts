import { MODERN } from '../protocol/versions.js'
import { methodNotFound } from '../errors/protocol-error.js'
import { freezeEncoded } from '../jsonrpc/codec.js'
import { META_SERVER_INFO } from '../protocol/meta.js'
import type { RequestScope } from './core.js'
import { implementationFor } from '../protocol/implementation.js'
import type { MethodEntry as Entry } from './method-table.js'
import type { JsonObject } from './types.js'

/**
 * Runs a request's method and returns its result (era-specific fields included). Throws ProtocolError, or
 * returns a rejected promise. Synchronous when the method is: no promise is made where none is needed.
 */
export function dispatch(scope: RequestScope): JsonObject | Promise<JsonObject> {
  const method = scope.request.method
  const modern = scope.era === MODERN
  const { features } = scope.core
  // A legacy request reaches dispatch only through the legacy era's handling, which only a server with it has.
  const table = modern ? features.modern : features.legacy!.methods
  const entry = Object.hasOwn(table, method) ? table[method] : scope.core.methods.get(method)
  if (!entry || (entry.capability !== undefined && scope.core.capabilities()[entry.capability] === undefined))
    throw methodNotFound(method)

  // (Only a string cursor, or none, is part of a key: a nested array would recurse in the template literal.)
  const cursor = scope.params.cursor
  const cacheKey =
    entry.reusable && (cursor === undefined || typeof cursor === 'string')
      ? `${method}|${scope.protocolVersion}|${cursor}`
      : undefined
  if (cacheKey) {
    const hit = scope.core.listCache.get(cacheKey)
    if (hit) return hit
  }
  const mrtr = modern && entry.input ? features.mrtr : undefined
  const result = mrtr ? mrtr.round(scope, entry.run) : entry.run(scope)
  return result instanceof Promise
    ? result.then((r) => finish(scope, r, entry, cacheKey))
    : finish(scope, result, entry, cacheKey)
}

/**
 * Adds the 2026-07-28 result fields, and caches a reusable list. Mutates: every method returns an object of its
 * own (handler results are copied by the method), and cached list results are finished once, before they are
 * cached.
 */
function finish(scope: RequestScope, result: JsonObject, entry: Entry, cacheKey: string | undefined) {
  const { core } = scope
  // `input_required` (MRTR) and `task` (a CreateTaskResult, SEP-2663) keep their own resultType.
  if (scope.era === MODERN && result.resultType !== 'input_required' && result.resultType !== 'task') {
    result.resultType = 'complete'
    if (entry.cacheable) {
      result.ttlMs ??= core.options.cache.ttlMs
      result.cacheScope ??= core.options.cache.cacheScope
    }
    if (core.options.serverInfoInResults)
      result._meta =
        result._meta === undefined
          ? core.serverInfoMeta
          : {
              ...(result._meta as JsonObject),
              [META_SERVER_INFO]: implementationFor(scope.protocolVersion, core.info),
            }
  }
  if (cacheKey) core.listCache.set(cacheKey, freezeEncoded(result))
  return result
}
