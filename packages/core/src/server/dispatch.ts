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

/** A method: its function, the capability that must be registered for it to exist, and what kind it is. */
interface Entry {
  run: Method
  capability: string | undefined
  /** The result carries `ttlMs`/`cacheScope` in 2026-07-28 (server/utilities/caching). */
  cacheable: boolean
  /** The result depends only on the registry, so it is reused until the registry changes. */
  reusable: boolean
  /** The method may answer `input_required` in 2026-07-28 (basic/patterns/mrtr "Supported Requests"). */
  input: boolean
}

type Kind = Partial<Pick<Entry, 'cacheable' | 'reusable' | 'input'>>

/** Every entry has every field, so the table's objects share one shape. */
const defineMethod = (run: Method, capability?: string, kind: Kind = {}): Entry => ({
  run,
  capability,
  cacheable: kind.cacheable === true,
  reusable: kind.reusable === true,
  input: kind.input === true,
})

/** Methods of both eras. */
const SHARED: Record<string, Entry> = {
  'tools/list': defineMethod(listTools, 'tools', { cacheable: true, reusable: true }),
  'tools/call': defineMethod(callTool, 'tools', { input: true }),
  'resources/list': defineMethod(listResources, 'resources', { cacheable: true }),
  'resources/templates/list': defineMethod(listResourceTemplates, 'resources', {
    cacheable: true,
    reusable: true,
  }),
  'resources/read': defineMethod(readResource, 'resources', { cacheable: true, input: true }),
  'prompts/list': defineMethod(listPrompts, 'prompts', { cacheable: true, reusable: true }),
  'prompts/get': defineMethod(getPrompt, 'prompts', { input: true }),
  'completion/complete': defineMethod(complete, 'completions'),
}

const LEGACY_METHODS: Record<string, Entry> = {
  ...SHARED,
  ping: defineMethod(() => ({})),
  'logging/setLevel': defineMethod(setLevel, 'logging'),
  'resources/subscribe': defineMethod(subscribe, 'resources'),
  'resources/unsubscribe': defineMethod(unsubscribe, 'resources'),
}

const MODERN_METHODS: Record<string, Entry> = {
  ...SHARED,
  'server/discover': defineMethod(discover, undefined, { cacheable: true }),
  'subscriptions/listen': defineMethod(listen),
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
  const result = modern && entry.input ? runMrtrRound(scope, entry.run) : entry.run(scope)
  return result instanceof Promise
    ? result.then((r) => finish(scope, r, entry, cacheKey))
    : finish(scope, result, entry, cacheKey)
}

/** The entry of a method an extension added, if one did. */
function extensionEntry(scope: RequestScope, method: string): Entry | undefined {
  const added = scope.core.methods.get(method)
  return added && defineMethod((s) => added.run(s), undefined, { cacheable: added.cacheable === true })
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
