import type { McpServer } from '@edgemcp/core'

export type ListKind = 'tools' | 'prompts' | 'resources'

/** A change that listeners on any isolate may need to hear about (the events of `McpServer.subscribe`). */
export type ServerEvent = { type: ListKind } | { type: 'resource-updated'; uri: string }

const LIST_KINDS = new Set<string>(['tools', 'prompts', 'resources'])

export function isServerEvent(value: unknown): value is ServerEvent {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  if (v.type === 'resource-updated') return typeof v.uri === 'string'
  return typeof v.type === 'string' && LIST_KINDS.has(v.type)
}

/**
 * Tells the listeners of `server` about an event: its legacy sessions (resources/updated to subscribers,
 * list_changed to all) and its modern `subscriptions/listen` streams. The listeners hear it synchronously.
 */
export function deliverLocally(server: McpServer, event: ServerEvent): Promise<void> {
  if (event.type === 'resource-updated') return server.notifyResourceUpdated(event.uri)
  return server.notifyListChanged(event.type)
}

/**
 * Relays what a server raises (a tool calling `server.notifyResourceUpdated(uri)`, a registration changing
 * a list) to `publish`, from now on, so other isolates hear it too; events it is handed with `deliver`
 * came from elsewhere and are not relayed back.
 */
export class EventRelay {
  #delivering = 0

  readonly #server: McpServer

  constructor(server: McpServer, publish: (event: ServerEvent) => void) {
    this.#server = server
    server.subscribe((event) => {
      if (this.#delivering === 0) publish(event)
    })
  }

  /** Delivers an event from elsewhere to this server's listeners without relaying it. */
  deliver(event: ServerEvent): Promise<void> {
    this.#delivering++
    try {
      return deliverLocally(this.#server, event)
    } finally {
      this.#delivering--
    }
  }
}
