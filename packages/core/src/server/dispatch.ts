import { MODERN } from '../protocol/versions.js'
import { methodNotFound } from '../errors/protocol-error.js'
import { freezeEncoded } from '../jsonrpc/codec.js'
import { META_SERVER_INFO } from '../protocol/meta.js'
import type { RequestScope } from './core.js'
import { complete } from './methods/completion.js'
import { implementationFor } from '../protocol/implementation.js'
import { discover, setLevel } from './methods/lifecycle.js'
import { getPrompt, listPrompts } from './methods/prompts.js'
import {
  listResources,
  listResourceTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from './methods/resources.js'
import { listen } from './methods/subscriptions.js'
import { callTool, listTools } from './methods/tools.js'
import { runMrtrRound } from './mrtr-round.js'
import type { JsonObject } from './types.js'

type Method = (scope: RequestScope) => JsonObject | Promise<JsonObject>

/** The result carries `ttlMs`/`cacheScope` in 2026-07-28 (server/utilities/caching). */
const CACHEABLE = 1
/** The result depends only on the registry, so it is reused until the registry changes. */
const REUSABLE = 2
/** The method may answer `input_required` in 2026-07-28 (basic/patterns/mrtr "Supported Requests"). */
const INPUT = 4

/** A method: its function, the capability that must be registered for it to exist, and its kind (flags). */
type Entry = [run: Method, capability?: string | undefined, flags?: number]

/** Methods of both eras. */
const SHARED: Record<string, Entry> = {
  'tools/list': [listTools, 'tools', CACHEABLE | REUSABLE],
  'tools/call': [callTool, 'tools', INPUT],
  'resources/list': [listResources, 'resources', CACHEABLE],
  'resources/templates/list': [listResourceTemplates, 'resources', CACHEABLE | REUSABLE],
  'resources/read': [readResource, 'resources', CACHEABLE | INPUT],
  'prompts/list': [listPrompts, 'prompts', CACHEABLE | REUSABLE],
  'prompts/get': [getPrompt, 'prompts', INPUT],
  'completion/complete': [complete, 'completions'],
}

const LEGACY_METHODS: Record<string, Entry> = {
  ...SHARED,
  ping: [() => ({})],
  'logging/setLevel': [setLevel, 'logging'],
  'resources/subscribe': [subscribe, 'resources'],
  'resources/unsubscribe': [unsubscribe, 'resources'],
}

const MODERN_METHODS: Record<string, Entry> = {
  ...SHARED,
  'server/discover': [discover, undefined, CACHEABLE],
  'subscriptions/listen': [listen],
}

/**
 * Runs a request's method and returns its result (era-specific fields included). Throws ProtocolError, or
 * returns a rejected promise. Synchronous when the method is: no promise is made where none is needed.
 */
export function dispatch(scope: RequestScope): JsonObject | Promise<JsonObject> {
  const method = scope.request.method
  const modern = scope.era === MODERN
  const table = modern ? MODERN_METHODS : LEGACY_METHODS
  const entry = Object.hasOwn(table, method) ? table[method] : extensionEntry(scope, method)
  const [run, capability, flags = 0] = entry ?? []
  if (!run || (capability !== undefined && scope.core.capabilities()[capability] === undefined))
    throw methodNotFound(method)

  // (Only a string cursor, or none, is part of a key: a nested array would recurse in the template literal.)
  const cursor = scope.params.cursor
  const cacheKey =
    flags & REUSABLE && (cursor === undefined || typeof cursor === 'string')
      ? `${method}|${scope.protocolVersion}|${cursor}`
      : undefined
  if (cacheKey) {
    const hit = scope.core.listCache.get(cacheKey)
    if (hit) return hit
  }
  const result = modern && flags & INPUT ? runMrtrRound(scope, run) : run(scope)
  return result instanceof Promise
    ? result.then((r) => finish(scope, r, flags, cacheKey))
    : finish(scope, result, flags, cacheKey)
}

/** The entry of a method an extension added, if one did. */
function extensionEntry(scope: RequestScope, method: string): Entry | undefined {
  const added = scope.core.methods.get(method)
  return added && [(s) => added.run(s), undefined, added.cacheable ? CACHEABLE : 0]
}

/**
 * Adds the 2026-07-28 result fields, and caches a reusable list. Mutates: every method returns an object of its
 * own (handler results are copied by the method), and cached list results are finished once, before they are
 * cached.
 */
function finish(scope: RequestScope, result: JsonObject, flags: number, cacheKey: string | undefined) {
  const { core } = scope
  if (scope.era === MODERN && result.resultType !== 'input_required') {
    result.resultType = 'complete'
    if (flags & CACHEABLE) {
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
