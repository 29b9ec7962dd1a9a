import { isObject } from '@edgemcp/core/internal'
import type { FleetContext, FleetMessage } from './context.js'

type ListKind = 'tools' | 'prompts' | 'resources'
/** What `McpServer.subscribe` reports: a list changed, or a resource was updated. */
type ServerEvent = { type: ListKind } | { type: 'resource-updated'; uri: string }

const LIST_KINDS: readonly unknown[] = ['tools', 'prompts', 'resources']

const isServerEvent = (value: unknown): value is ServerEvent =>
  isObject(value) &&
  (value.type === 'resource-updated' ? typeof value.uri === 'string' : LIST_KINDS.includes(value.type))

/**
 * The fan-out of notifications: what the server raises here (a registration changing a list, a tool calling
 * `server.notifyResourceUpdated(uri)`) is published to the fleet; what another instance raised is delivered
 * to this server's listeners as if raised here (legacy sessions whose standalone stream is open here, and
 * `subscriptions/listen` streams), without being published again. Returns the function that stops it.
 */
export function relayServerEvents(f: FleetContext): () => void {
  const server = f.server
  let delivering = 0
  const stop = server.subscribe((event) => {
    if (delivering > 0) return
    const message: FleetMessage = { t: 'event', from: f.instanceId, e: event }
    // At most once: an event raised while Redis is down reaches this instance's listeners only.
    f.publish(f.keys.fleetChannel, message).catch(() => {})
  })
  f.handle('event', {
    receive(message) {
      if (message.t !== 'event' || message.from === f.instanceId || !isServerEvent(message.e)) return
      const event = message.e
      delivering++
      try {
        void (
          event.type === 'resource-updated'
            ? server.notifyResourceUpdated(event.uri)
            : server.notifyListChanged(event.type)
        ).catch(() => {})
      } finally {
        delivering--
      }
    },
  })
  return stop
}
