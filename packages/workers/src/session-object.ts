import type { McpServer } from '@edgemcp/core'
import { DurableObject } from 'cloudflare:workers'
import type { McpFetch } from '@edgemcp/streamable-http'
import { type HubRpc, type SessionRpc, toHub } from './bindings.js'
import { NEW_SESSION_HEADER } from './forward.js'
import { createRoleApp, MapSessionStore } from './mcp-app.js'
import type { ResolvedWorkerOptions } from './options.js'
import { type DeliverEvent, isServerEvent, type ServerEvent } from './server-events.js'
import { explainLostAnswers } from './server-hooks.js'
import { ServerRequestLog } from './server-requests.js'
import { SqlEventStore } from './sql-event-store.js'
import { firstRow, forgetSessionTables, hasSessionTables } from './sql-schema.js'
import { SqlSessionStore } from './sql-session-store.js'

/** Streams untouched this long lose their events (a client resumes within seconds, not hours). */
const STREAM_RETENTION_MS = 60 * 60_000

/**
 * The public face of a session object (the class itself extends `DurableObject`). Branded as a Durable Object,
 * so the `DurableObjectNamespace<…>` and main-module types that `wrangler types` generates accept a class that
 * extends it.
 */
export interface McpSessionObjectInstance extends SessionRpc, Rpc.DurableObjectBranded {
  readonly server: McpServer
  readonly store: SqlSessionStore
  readonly events: SqlEventStore
  readonly requests: ServerRequestLog
  fetch(request: Request): Promise<Response>
  alarm(): Promise<void>
}

export type McpSessionObjectClass<Env> = new (ctx: DurableObjectState, env: Env) => McpSessionObjectInstance

/**
 * The Durable Object class of legacy sessions: one object per session, named by its `Mcp-Session-Id`. It
 * serves every request of its session with the same transport app as the Worker, keeping the session and
 * its stream events in SQLite, and takes part in the cross-isolate fan-out of notifications through the hub.
 */
export function createSessionObjectClass<Env>(
  config: ResolvedWorkerOptions<Env>,
): McpSessionObjectClass<Env> {
  return class McpSessionObject extends DurableObject<Env> implements SessionRpc {
    declare readonly server: McpServer
    declare readonly store: SqlSessionStore
    declare readonly events: SqlEventStore
    declare readonly requests: ServerRequestLog
    readonly #deliver: DeliverEvent
    readonly #app: McpFetch
    /** The subscriptions last told to the hub (JSON), while the standalone stream is registered there. */
    #registered: string | undefined
    #alarmSet = false
    #prunedAt = 0
    /**
     * The last call to the hub, which the next one waits for: registrations, publications and the
     * unregistration of one session reach the hub in the order they were made (each call is a new stub, so
     * nothing else orders them; a `register` overtaken by an older one left the hub with stale subscriptions).
     */
    #hubCalls: Promise<void> = Promise.resolve()

    constructor(ctx: DurableObjectState, env: Env) {
      super(ctx, env)
      // No table is created here: an object asked about an id nobody created stays unstored (the stores create
      // the tables when a session is stored, see `hasSessionTables`).
      const sql = ctx.storage.sql
      const requests = new ServerRequestLog(sql)
      const events = new SqlEventStore(sql, {
        maxEventsPerStream: config.maxEventsPerStream,
        onServerRequest: (id, method) => requests.record(id, method),
      })
      let store!: SqlSessionStore
      const app = createRoleApp({
        config,
        env,
        role: 'session',
        publish: (event) => this.#toHub((hub) => hub.publish(event, this.store.loaded?.id), 'publish to'),
        options: (server) => {
          explainLostAnswers(server, (id) => requests.settle(id))
          store = new SqlSessionStore(sql, server, { onDelete: (id) => this.#forget(id) })
          return {
            sessionStore: store,
            // An HTTP+SSE session ends with its stream: the object is wiped then too.
            sseSessionStore: new MapSessionStore(() => this.ctx.waitUntil(this.#wipe())),
            eventStore: events,
            // (The caller the Worker was given binds the session and reaches tool handlers as `ctx.authInfo`.)
            hooks: {
              // The session takes the id the Worker minted and named this object by.
              sessionId: (c) => c.req.header(NEW_SESSION_HEADER),
              onSessionChange: (session) => {
                store.persist(session)
              },
            },
          }
        },
      })
      this.server = app.server
      this.store = store
      this.events = events
      this.requests = requests
      this.#deliver = app.deliver
      this.#app = app.fetch
    }

    /**
     * A request the Worker forwarded (its internal headers are the Worker's: it drops those of clients). The
     * transport keeps its SSE streams alive through the execution context's `waitUntil`.
     */
    override async fetch(request: Request): Promise<Response> {
      const response = await this.#app(request, this.env, this.ctx)
      await this.#afterRequest()
      return response
    }

    /** Hub → session: an event raised elsewhere. False when there is no standalone stream to carry it. */
    async deliver(sessionId: string, event: ServerEvent): Promise<boolean> {
      if (!isServerEvent(event)) return false
      const session = await this.store.get(sessionId)
      if (!session?.hasStandaloneChannel) {
        this.#registered = undefined
        return false
      }
      await this.#deliver(event)
      return true
    }

    /** Deletes a session idle for longer than `sessionTtlMs`, or checks again later. */
    override async alarm(): Promise<void> {
      this.#alarmSet = false
      const last = this.store.lastActivity()
      if (last === undefined) return
      const due = last + config.sessionTtlMs
      if (due > Date.now()) {
        await this.ctx.storage.setAlarm(due)
        this.#alarmSet = true
        return
      }
      const session = this.store.loaded
      session?.close('Session expired')
      const sql = this.ctx.storage.sql
      const id =
        session?.id ??
        (hasSessionTables(sql) ? firstRow<{ id: string }>(sql, 'SELECT id FROM mcp_session')?.id : undefined)
      if (id !== undefined) await this.store.delete(id)
      else await this.#wipe()
    }

    async #afterRequest(): Promise<void> {
      const session = this.store.loaded
      if (!session || session.closed) return
      const now = Date.now()
      if (now - this.#prunedAt > STREAM_RETENTION_MS / 6) {
        this.#prunedAt = now
        this.events.pruneBefore(now - STREAM_RETENTION_MS)
      }
      if (!this.#alarmSet) {
        this.#alarmSet = true
        if ((await this.ctx.storage.getAlarm()) === null)
          await this.ctx.storage.setAlarm(now + config.sessionTtlMs)
      }
      // The hub needs to know of sessions with a standalone stream (and what they subscribed to).
      if (!session.hasStandaloneChannel) return
      const uris = [...session.subscriptions].sort()
      const key = JSON.stringify(uris)
      if (key === this.#registered) return
      this.#registered = key
      this.#toHub(
        (hub) => hub.register(session.id, uris),
        'register the session with',
        () => {
          this.#registered = undefined
        },
      )
    }

    /** Tells the hub something in the background (see `toHub`), after what this object told it before. */
    #toHub(call: (hub: HubRpc) => Promise<void>, what?: string, failed?: () => void): void {
      const next = this.#hubCalls.then(() => toHub(this.env, config, call, what, failed))
      this.#hubCalls = next
      this.ctx.waitUntil(next)
    }

    /**
     * The session is gone (DELETE, expiry, close): the object is wiped (every table and the alarm: nothing of it
     * stays stored) and the hub forgets its registration.
     */
    #forget(id: string): void {
      this.#registered = undefined
      this.ctx.waitUntil(this.#wipe())
      this.#toHub((hub) => hub.unregister(id))
    }

    async #wipe(): Promise<void> {
      this.#alarmSet = false
      forgetSessionTables(this.ctx.storage.sql)
      await this.ctx.storage.deleteAlarm()
      await this.ctx.storage.deleteAll()
    }
  }
}
