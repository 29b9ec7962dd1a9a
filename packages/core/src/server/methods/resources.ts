import { invalidParams, ResourceNotFoundError } from '../../errors/protocol-error.js'
import { MAX_SUBSCRIPTION_URI_LENGTH, MAX_SUBSCRIPTIONS } from '../../protocol/limits.js'
import { resourceNotFoundCode } from '../../protocol/versions.js'
import { HandlerContext } from '../context.js'
import type { RequestScope } from '../core.js'
import type { Registry } from '../registry.js'
import type { JsonObject, RequestContext } from '../types.js'
import { listPage, ownCopy, requireString, wires } from './shared.js'

export async function listResources(scope: RequestScope): Promise<JsonObject> {
  const { registry } = scope.core
  const all = wires(registry.resources)
  const ctx = new HandlerContext(scope)
  for (const t of registry.templates.values()) {
    if (t.definition.list) for (const r of await t.definition.list(ctx)) all.push(ownCopy(r))
  }
  return listPage(scope, 'resources', all)
}

export const listResourceTemplates = (scope: RequestScope): JsonObject =>
  listPage(scope, 'resourceTemplates', wires(scope.core.registry.templates))

export async function readResource(scope: RequestScope): Promise<JsonObject> {
  const uri = requireString(scope.params, 'uri')
  const { registry } = scope.core
  const ctx = new HandlerContext(scope)
  const fixed = registry.resources.get(uri)
  let result: JsonObject
  if (fixed) {
    result = ownCopy(await fixed.read(uri, ctx))
  } else {
    result = ownCopy(await readTemplate(registry, uri, ctx, scope.protocolVersion))
  }
  if (!Array.isArray(result.contents)) throw invalidParams('the resource reader returned no contents', 'uri')
  return result
}

/**
 * `resources/subscribe`: the session keeps the uri (and its snapshot carries it), so both the uri and the
 * number a session holds are bounded (`MAX_SUBSCRIPTION_URI_LENGTH`, `MAX_SUBSCRIPTIONS`): -32602 beyond.
 */
export function subscribe(scope: RequestScope): JsonObject {
  const uri = requireString(scope.params, 'uri')
  checkSubscriptionUri(uri, 'uri')
  const subscriptions = scope.session?.subscriptions
  if (subscriptions && !subscriptions.has(uri) && subscriptions.size >= MAX_SUBSCRIPTIONS)
    throw invalidParams(
      `this session already holds ${MAX_SUBSCRIPTIONS} subscriptions; unsubscribe from one first`,
      'uri',
    )
  subscriptions?.add(uri)
  return {}
}

/** A subscription uri longer than `MAX_SUBSCRIPTION_URI_LENGTH` is invalid params (-32602) at `field`. */
export function checkSubscriptionUri(uri: string, field: string): void {
  if (uri.length > MAX_SUBSCRIPTION_URI_LENGTH)
    throw invalidParams(`must be at most ${MAX_SUBSCRIPTION_URI_LENGTH} characters`, field)
}

export function unsubscribe(scope: RequestScope): JsonObject {
  const uri = requireString(scope.params, 'uri')
  scope.session?.subscriptions.delete(uri)
  return {}
}

/** Reads `uri` with the first template that matches it. */
function readTemplate(registry: Registry, uri: string, ctx: RequestContext, version: string) {
  for (const entry of registry.templates.values()) {
    const variables = entry.template.match(uri)
    if (variables) return entry.read(uri, variables, ctx)
  }
  throw new ResourceNotFoundError(uri, resourceNotFoundCode(version))
}
