import type { McpServer } from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'

export type ListKind = 'tools' | 'prompts' | 'resources'

/** A change that listeners on any isolate may need to hear about (the events of `McpServer.subscribe`). */
export type ServerEvent = { type: ListKind } | { type: 'resource-updated'; uri: string }

const LIST_KINDS: unknown[] = ['tools', 'prompts', 'resources']

export const isServerEvent = (value: unknown): value is ServerEvent =>
  isObject(value) &&
  (value.type === 'resource-updated' ? typeof value.uri === 'string' : LIST_KINDS.includes(value.type))

/** Delivers an event from elsewhere to a server's listeners (see `relayEvents`). */
export type DeliverEvent = (event: ServerEvent) => Promise<void>

/**
 * Relays what a server raises (a tool calling `server.notifyResourceUpdated(uri)`, a registration changing
 * a list) to `publish`, from now on, so other isolates hear it too. The function returned delivers an event
 * from elsewhere to the server's listeners without relaying it back: its legacy sessions (resources/updated to
 * subscribers, list_changed to all) and its modern `subscriptions/listen` streams, which hear it synchronously.
 */
export function relayEvents(server: McpServer, publish: (event: ServerEvent) => void): DeliverEvent {
  let delivering = 0
  server.subscribe((event) => {
    if (delivering === 0) publish(event)
  })
  return (event) => {
    delivering++
    try {
      return event.type === 'resource-updated'
        ? server.notifyResourceUpdated(event.uri)
        : server.notifyListChanged(event.type)
    } finally {
      delivering--
    }
  }
}
