import { RESOURCE_UPDATED } from '../protocol/methods.js'
import { type JsonRpcNotification, notification } from '../jsonrpc/types.js'
import type { ResolvedServerOptions, ServerEvent } from './core.js'
import type { ListKind } from './registry.js'
import { ServerSession, type SessionSnapshot } from './session.js'

/**
 * Who hears of a server's changes (list changes, resource updates): its legacy sessions and its event
 * listeners (`subscriptions/listen` streams, a Worker's hub, a fleet's relay). A feature of `McpServer`
 * (see `EngineFeatures.audience`); a server without it (`ToolServer`) has nobody to tell and carries none of this.
 */
export class Audience {
  readonly #sessions = new Set<ServerSession>()
  readonly #listeners = new Set<(event: ServerEvent) => void>()
  readonly #options: ResolvedServerOptions

  constructor(options: ResolvedServerOptions) {
    this.#options = options
  }

  /** A new legacy session, tracked until it closes. */
  createSession(id?: string): ServerSession {
    return this.#track(new ServerSession(id, this.#options))
  }

  /** A legacy session brought back from its snapshot, tracked until it closes. */
  restoreSession(snapshot: SessionSnapshot): ServerSession {
    return this.#track(ServerSession.restore(snapshot, this.#options))
  }

  #track(session: ServerSession): ServerSession {
    this.#sessions.add(session)
    session.onClose(() => this.#sessions.delete(session))
    return session
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  notifyResourceUpdated(uri: string): Promise<void> {
    this.#emitEvent({ type: 'resource-updated', uri })
    return this.broadcast(notification(RESOURCE_UPDATED, { uri }), uri)
  }

  notifyListChanged(kind: ListKind): Promise<void> {
    this.#emitEvent({ type: kind })
    return this.broadcast({ jsonrpc: '2.0', method: `notifications/${kind}/list_changed` })
  }

  /** Sends to every initialized legacy session (only to those subscribed to `uri`, when one is given). */
  async broadcast(message: JsonRpcNotification, uri?: string): Promise<void> {
    await Promise.all(
      [...this.#sessions]
        .filter((s) => s.initialized && (uri === undefined || s.subscriptions.has(uri)))
        .map((s) => s.notify(message)),
    )
  }

  /** Closes every session. */
  close(reason: string): void {
    for (const s of [...this.#sessions]) s.close(reason)
  }

  #emitEvent(event: ServerEvent): void {
    for (const l of this.#listeners) l(event)
  }
}
