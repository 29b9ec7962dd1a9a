import { invalidParams } from '../../errors/protocol-error.js'
import { META_SUBSCRIPTION_ID } from '../../protocol/meta.js'
import type { RequestScope, ServerEvent } from '../core.js'
import type { JsonObject } from '../types.js'
import { optionalObject } from './shared.js'

const LIST_FLAGS = {
  tools: ['toolsListChanged', 'notifications/tools/list_changed'],
  prompts: ['promptsListChanged', 'notifications/prompts/list_changed'],
  resources: ['resourcesListChanged', 'notifications/resources/list_changed'],
} as const

/**
 * 2026-07-28 `subscriptions/listen` (basic/patterns/subscriptions): acknowledge the honoured filter first,
 * forward matching events tagged with the subscription id, and answer when the stream ends.
 */
export async function listen(scope: RequestScope): Promise<JsonObject> {
  const filter = optionalObject(scope.params, 'notifications')
  if (!filter) throw invalidParams('is required', 'notifications')
  const subscriptionId = scope.request.id
  const honoured: JsonObject = {}
  for (const [flag] of Object.values(LIST_FLAGS)) if (filter[flag] === true) honoured[flag] = true
  const uris = filter.resourceSubscriptions
  if (uris !== undefined) {
    if (!Array.isArray(uris) || !uris.every((u) => typeof u === 'string'))
      throw invalidParams('must be an array of strings', 'notifications.resourceSubscriptions')
    honoured.resourceSubscriptions = uris
  }
  const watched = new Set((honoured.resourceSubscriptions as string[] | undefined) ?? [])
  const meta = { [META_SUBSCRIPTION_ID]: subscriptionId }
  const forward = (event: ServerEvent) => {
    if (event.type === 'resource-updated') {
      if (watched.has(event.uri))
        void scope.emit({
          jsonrpc: '2.0',
          method: 'notifications/resources/updated',
          params: { _meta: meta, uri: event.uri },
        })
      return
    }
    const [flag, method] = LIST_FLAGS[event.type]
    if (honoured[flag] === true) void scope.emit({ jsonrpc: '2.0', method, params: { _meta: meta } })
  }
  // Subscribe in the same synchronous step as the acknowledgement is queued: nothing is missed, and
  // nothing is sent before the acknowledgement.
  const unsubscribe = scope.core.subscribe(forward)
  try {
    await scope.emit({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: meta, notifications: honoured },
    })
    await scope.abort.whenAborted()
  } finally {
    unsubscribe()
  }
  return { _meta: meta }
}
