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
import { MRTR_METHODS, runMrtrRound } from './mrtr-round.js'
import type { JsonObject } from './types.js'

type Method = (scope: RequestScope) => JsonObject | Promise<JsonObject>

/** Methods of both eras, with the capability that must be registered for them to exist. */
const SHARED: Record<string, [Method, string | undefined]> = {
  'tools/list': [listTools, 'tools'],
  'tools/call': [callTool, 'tools'],
  'resources/list': [listResources, 'resources'],
  'resources/templates/list': [listResourceTemplates, 'resources'],
  'resources/read': [readResource, 'resources'],
  'prompts/list': [listPrompts, 'prompts'],
  'prompts/get': [getPrompt, 'prompts'],
  'completion/complete': [complete, 'completions'],
}

const LEGACY: Record<string, [Method, string | undefined]> = {
  ...SHARED,
  ping: [() => ({}), undefined],
  'logging/setLevel': [setLevel, 'logging'],
  'resources/subscribe': [subscribe, 'resources'],
  'resources/unsubscribe': [unsubscribe, 'resources'],
}

const MODERN: Record<string, [Method, string | undefined]> = {
  ...SHARED,
  'server/discover': [discover, undefined],
  'subscriptions/listen': [listen, undefined],
}

/** Results that carry `ttlMs`/`cacheScope` in 2026-07-28 (server/utilities/caching). */
const CACHEABLE = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'server/discover',
])

/** List results that depend only on the registry, so they can be reused until it changes. */
const REUSABLE = new Set(['tools/list', 'prompts/list', 'resources/templates/list'])

/** Runs a request's method and returns its result (era-specific fields included). Throws ProtocolError. */
export async function dispatch(scope: RequestScope): Promise<JsonObject> {
  const method = scope.request.method
  const table = scope.era === 'modern' ? MODERN : LEGACY
  const entry = Object.hasOwn(table, method) ? table[method] : undefined
  if (!entry) throw methodNotFound(method)
  const [run, capability] = entry
  if (capability !== undefined && scope.core.capabilities()[capability] === undefined)
    throw methodNotFound(method)

  const cacheKey = REUSABLE.has(method)
    ? `${method}|${scope.protocolVersion}|${String(scope.params.cursor)}`
    : undefined
  if (cacheKey) {
    const hit = scope.core.listCache.get(cacheKey)
    if (hit) return hit
  }
  let result: JsonObject
  if (scope.era === 'modern' && MRTR_METHODS.has(method))
    result = await runMrtrRound(scope, async (s) => run(s))
  else result = await run(scope)
  if (scope.era === 'modern') result = finishModern(scope, result)
  if (cacheKey) scope.core.listCache.set(cacheKey, freezeEncoded(result))
  return result
}

/**
 * Adds the 2026-07-28 result fields. Mutates: every method returns an object of its own (handler results are
 * copied by the method), and cached list results are finished once, before they are cached.
 */
function finishModern(scope: RequestScope, result: JsonObject): JsonObject {
  if (result.resultType === 'input_required') return result
  const { core } = scope
  result.resultType = 'complete'
  if (CACHEABLE.has(scope.request.method)) {
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
  return result
}
