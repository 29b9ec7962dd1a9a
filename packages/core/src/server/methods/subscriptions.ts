import { RESOURCE_UPDATED } from '../../protocol/methods.js'
import { notification } from '../../jsonrpc/types.js'
import { isStringArray } from '../../protocol/json.js'
import { META_SUBSCRIPTION_ID } from '../../protocol/meta.js'
import { invalidParams } from '../../errors/protocol-error.js'
import type { RequestScope, ServerEvent } from '../core.js'
import type { JsonObject } from '../types.js'
import { MAX_SUBSCRIPTIONS } from '../../protocol/limits.js'
import { checkSubscriptionUri } from './resources.js'
import { requireObject } from './shared.js'
import { whenAborted } from '../request-abort.js'

/** The lists whose changes a filter can ask for, by `<kind>ListChanged`. */
const LISTS = ['tools', 'prompts', 'resources'] as const

/**
 * 2026-07-28 `subscriptions/listen` (basic/patterns/subscriptions): acknowledge the honoured filter first,
 * forward matching events tagged with the subscription id, and answer when the stream ends.
 */
export async function listen(scope: RequestScope): Promise<JsonObject> {
  const filter = requireObject(scope.params, 'notifications')
  const honoured: JsonObject = {}
  for (const kind of LISTS) if (filter[`${kind}ListChanged`] === true) honoured[`${kind}ListChanged`] = true
  const uris = filter.resourceSubscriptions
  if (uris !== undefined) {
    const field = 'notifications.resourceSubscriptions'
    if (!isStringArray(uris)) throw invalidParams('must be an array of strings', field)
    if (uris.length > MAX_SUBSCRIPTIONS)
      throw invalidParams(`must have at most ${MAX_SUBSCRIPTIONS} uris`, field)
    for (const uri of uris) checkSubscriptionUri(uri, field)
    honoured.resourceSubscriptions = uris
  }
  const watched = new Set(uris as string[] | undefined)
  const _meta = { [META_SUBSCRIPTION_ID]: scope.request.id }
  const forward = (event: ServerEvent) => {
    if (event.type !== 'resource-updated') {
      if (honoured[`${event.type}ListChanged`])
        void scope.emit(notification(`notifications/${event.type}/list_changed`, { _meta }))
    } else if (watched.has(event.uri))
      void scope.emit(notification(RESOURCE_UPDATED, { _meta, uri: event.uri }))
  }
  // Subscribe in the same synchronous step as the acknowledgement is queued: nothing is missed, and
  // nothing is sent before the acknowledgement.
  // listen is installed with the audience (ALL_FEATURES).
  const unsubscribe = scope.core.audience!.subscribe(forward)
  try {
    await scope.emit(
      notification('notifications/subscriptions/acknowledged', { _meta, notifications: honoured }),
    )
    await whenAborted(scope.abort)
  } finally {
    unsubscribe()
  }
  return { _meta }
}
