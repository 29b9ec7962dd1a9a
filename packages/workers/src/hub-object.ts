import type { McpServer } from '@edgemcp/core'
import { DurableObject } from 'cloudflare:workers'
import type { McpFetch } from '@edgemcp/streamable-http'
import { type HubRpc, sessionStub } from './bindings.js'
import { createRoleApp } from './mcp-app.js'
import type { ResolvedWorkerOptions } from './options.js'
import { type DeliverEvent, isServerEvent, type ServerEvent } from './server-events.js'
import { createHubTables } from './sql-schema.js'

/** The public face of the hub object (the class itself extends `DurableObject`), branded as one (see session-object.ts). */
export interface McpHubObjectInstance extends HubRpc, Rpc.DurableObjectBranded {
  readonly server: McpServer
  fetch(request: Request): Promise<Response>
  listeners(): Promise<string[]>
}

export type McpHubObjectClass<Env> = new (ctx: DurableObjectState, env: Env) => McpHubObjectInstance

/**
 * The Durable Object class of the notification hub. It holds the 2026-07-28 `subscriptions/listen` streams
 * (the Worker forwards them here) and knows which legacy sessions have a standalone stream open; an event
 * published from any isolate reaches all of them.
 */
export function createHubObjectClass<Env>(config: ResolvedWorkerOptions<Env>): McpHubObjectClass<Env> {
  return class McpHubObject extends DurableObject<Env> implements HubRpc {
    declare readonly server: McpServer
    readonly #deliver: DeliverEvent
    readonly #app: McpFetch

    constructor(ctx: DurableObjectState, env: Env) {
      super(ctx, env)
      createHubTables(ctx.storage.sql)
      // The hub only delivers: what it raises itself is not sent anywhere else.
      const app = createRoleApp({ config, env, role: 'hub' })
      this.server = app.server
      this.#deliver = app.deliver
      this.#app = app.fetch
    }

    /** A `subscriptions/listen` request forwarded by the Worker. */
    override async fetch(request: Request): Promise<Response> {
      return this.#app(request, this.env, this.ctx)
    }

    /** Delivers an event to the listen streams held here and to every interested legacy session but `origin`. */
    async publish(event: ServerEvent, origin?: string): Promise<void> {
      if (!isServerEvent(event)) return
      await this.#deliver(event)
      // Every registered session hears of a list change; those subscribed to the resource of its update.
      const uri = event.type === 'resource-updated' ? event.uri : null
      const rows = this.ctx.storage.sql.exec<{ session_id: string }>(
        'SELECT session_id FROM mcp_hub_listener WHERE ? IS NULL OR session_id IN(SELECT session_id FROM mcp_hub_subscription WHERE uri=?)',
        uri,
        uri,
      )
      await Promise.all(
        rows
          .toArray()
          .filter((r) => r.session_id !== origin)
          .map(async ({ session_id: id }) => {
            const delivered = await sessionStub(this.env, config, id)
              .deliver(id, event)
              .catch(() => false)
            if (!delivered) await this.unregister(id)
          }),
      )
    }

    /** A legacy session has a standalone stream open and these subscriptions. */
    async register(sessionId: string, uris: string[]): Promise<void> {
      await this.unregister(sessionId)
      const sql = this.ctx.storage.sql
      sql.exec('INSERT INTO mcp_hub_listener(session_id,updated)VALUES(?,?)', sessionId, Date.now())
      for (const uri of new Set(uris))
        sql.exec('INSERT INTO mcp_hub_subscription(uri,session_id)VALUES(?,?)', uri, sessionId)
    }

    /** The session's stream closed (or the session is gone): it hears nothing more. */
    async unregister(sessionId: string): Promise<void> {
      const sql = this.ctx.storage.sql
      sql.exec('DELETE FROM mcp_hub_listener WHERE session_id=?', sessionId)
      sql.exec('DELETE FROM mcp_hub_subscription WHERE session_id=?', sessionId)
    }

    /** Legacy sessions registered here (for tests and diagnostics). */
    async listeners(): Promise<string[]> {
      return Array.from(
        this.ctx.storage.sql.exec<{ session_id: string }>(
          'SELECT session_id FROM mcp_hub_listener ORDER BY session_id',
        ),
        (r) => r.session_id,
      )
    }
  }
}
