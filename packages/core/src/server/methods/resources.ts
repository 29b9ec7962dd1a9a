import { invalidParams, ResourceNotFoundError } from '../../errors/protocol-error.js'
import { resourceNotFoundCode } from '../../protocol/versions.js'
import { createRequestContext } from '../context.js'
import type { RequestScope } from '../core.js'
import { paginate } from '../pagination.js'
import { shapeFor } from '../revision-shapes.js'
import type { JsonObject } from '../types.js'
import { ITEM_KEYS, requireString } from './shared.js'

export async function listResources(scope: RequestScope): Promise<JsonObject> {
  const { registry, options } = scope.core
  const all: JsonObject[] = [...registry.resources.values()].map((r) => r.wire)
  for (const t of registry.templates.values()) {
    if (t.definition.list) for (const r of await t.definition.list()) all.push({ ...r })
  }
  const page = paginate(all, scope.params.cursor, options.pageSize, registry.version)
  const resources = page.items.map((r) => shapeFor(scope.protocolVersion, r, ITEM_KEYS))
  return page.nextCursor ? { resources, nextCursor: page.nextCursor } : { resources }
}

export function listResourceTemplates(scope: RequestScope): JsonObject {
  const { registry, options } = scope.core
  const page = paginate(
    [...registry.templates.values()],
    scope.params.cursor,
    options.pageSize,
    registry.version,
  )
  const resourceTemplates = page.items.map((t) => shapeFor(scope.protocolVersion, t.wire, ITEM_KEYS))
  return page.nextCursor ? { resourceTemplates, nextCursor: page.nextCursor } : { resourceTemplates }
}

export async function readResource(scope: RequestScope): Promise<JsonObject> {
  const uri = requireString(scope.params, 'uri')
  const { registry } = scope.core
  const ctx = createRequestContext(scope)
  const fixed = registry.resources.get(uri)
  let result: JsonObject
  if (fixed) {
    result = { ...(await fixed.read(uri, ctx)) }
  } else {
    const hit = registry.matchTemplate(uri)
    if (!hit) throw new ResourceNotFoundError(uri, resourceNotFoundCode(scope.protocolVersion))
    result = { ...(await hit.entry.read(uri, hit.variables, ctx)) }
  }
  if (!Array.isArray(result.contents)) throw invalidParams('the resource reader returned no contents', 'uri')
  return result
}

export function subscribe(scope: RequestScope): JsonObject {
  const uri = requireString(scope.params, 'uri')
  scope.session?.subscriptions.add(uri)
  return {}
}

export function unsubscribe(scope: RequestScope): JsonObject {
  const uri = requireString(scope.params, 'uri')
  scope.session?.subscriptions.delete(uri)
  return {}
}
