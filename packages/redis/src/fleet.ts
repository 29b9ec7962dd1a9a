import type { McpServer, ServerSession } from '@edgemcp/core'
import type { McpRequestContext } from '@edgemcp/streamable-http'
import { createSessionId } from '@edgemcp/core/internal'
import { forwardedClientAddress } from './client-address.js'
import { FleetContext } from './context.js'
import { RedisEventStore } from './event-store.js'
import { Keys } from './keys.js'
import { RedisLink } from './link.js'
import { type RedisFleetOptions, resolveFleetOptions } from './options.js'
import { relayServerEvents } from './server-events.js'
import { RedisSessionStore } from './session-store.js'

/** What to spread into `createMcpHandler` / `createMcpFetchHandler` / `createAutoHandler` options. */
export interface RedisHandlerOptions {
  sessionStore: RedisSessionStore
  eventStore: RedisEventStore
  onSessionChange: (session: ServerSession) => Promise<void>
  clientAddress: (c: McpRequestContext) => string | undefined
}

/**
 * One instance's membership of a fleet: the stores to give the transports, plus upkeep (heartbeat, TTL
 * refresh of sessions in use here, writes retried after a Redis outage) and the fan-out of the server's
 * notifications. Make one per McpServer per process with `createRedisFleet`; `close()` it on shutdown.
 */
export class RedisFleet {
  /** Legacy Streamable HTTP sessions (`sessionStore`). */
  readonly sessionStore: RedisSessionStore
  /** Legacy HTTP+SSE sessions (`sse.sessionStore` of `createAutoHandler`, `sessionStore` of `createSseHandler`). */
  readonly sseSessionStore: RedisSessionStore
  /** Events of resumable streams (`eventStore`). */
  readonly eventStore: RedisEventStore
  /** This instance's id in the fleet. */
  readonly instanceId: string
  /**
   * Who a request comes from, for the per-client limits of the transport and of the fleet: the socket's
   * address, or behind one of `trustedProxies` the client's address from `X-Forwarded-For`.
   */
  readonly clientAddress: (c: McpRequestContext) => string | undefined
  readonly #context: FleetContext
  readonly #timer: ReturnType<typeof setInterval>
  readonly #stopRelay: () => void
  #beats = 0
  #closed = false
  /** The copies of sessions must be read again from Redis (announcements of changes may have been missed). */
  #resyncDue = false

  /** @internal Use `createRedisFleet`. */
  constructor(context: FleetContext) {
    this.#context = context
    this.instanceId = context.instanceId
    this.clientAddress = forwardedClientAddress(context.options.trustedProxies)
    this.sessionStore = new RedisSessionStore(context, 's')
    this.sseSessionStore = new RedisSessionStore(context, 'sse')
    this.eventStore = new RedisEventStore(context)
    this.#stopRelay = relayServerEvents(context)
    this.#timer = setInterval(() => void this.#upkeep(), context.options.heartbeatMs)
    this.#timer.unref?.()
    context.link.onReady(() => void this.#beat().then(() => context.flush()))
    context.link.onListening(() => {
      this.#resyncDue = true
      void this.#resync()
    })
  }

  /**
   * The transport options that put Streamable HTTP sessions and streams in Redis: `sessionStore`,
   * `eventStore`, `onSessionChange` (which stores a session again after a request changed it) and
   * `clientAddress` (see `trustedProxies`).
   *
   * @example
   * const mcp = createMcpHandler(server, { ...fleet.handlerOptions() })
   */
  handlerOptions(): RedisHandlerOptions {
    return {
      sessionStore: this.sessionStore,
      eventStore: this.eventStore,
      onSessionChange: this.onSessionChange,
      clientAddress: this.clientAddress,
    }
  }

  /**
   * The options of `createAutoHandler` / `createAutoFetchHandler` (@edgemcp/sse): those of
   * `handlerOptions()` plus the legacy SSE sessions in Redis.
   */
  autoHandlerOptions(): RedisHandlerOptions & { sse: { sessionStore: RedisSessionStore } } {
    return { ...this.handlerOptions(), sse: { sessionStore: this.sseSessionStore } }
  }

  /**
   * The `onSessionChange` hook: stores a session again after a request changed it (`logging/setLevel`,
   * `resources/subscribe`, …), so every instance serves it as changed. One hook for both transports.
   */
  readonly onSessionChange = (session: ServerSession): Promise<void> =>
    (this.sseSessionStore.holds(session) ? this.sseSessionStore : this.sessionStore).persist(session)

  /** Whether Redis can be reached right now (commands would not fail at once). */
  get connected(): boolean {
    return this.#context.link.isReady
  }

  /** Writes waiting for Redis to come back (deletes, stream ends). */
  get pendingWrites(): number {
    return this.#context.deferredCount
  }

  /**
   * Leaves the fleet: this instance's copies of sessions are closed here only (the sessions live on and
   * other instances serve them), its streams end (a request still unanswered gets an error telling the client
   * to send it again), its heartbeat goes, and the connections close. Call it before `server.close()`.
   */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    const c = this.#context
    clearInterval(this.#timer)
    this.#stopRelay()
    c.shuttingDown = true
    this.sessionStore.closeAll('server instance shutting down')
    this.sseSessionStore.closeAll('server instance shutting down')
    // Closing the copies ended their streams: those ends are written before the connections close.
    await this.eventStore.settled()
    await c.flush()
    await c.link.command(['DEL', c.keys.instance(c.instanceId)]).catch(() => {})
    await c.link.close()
  }

  async #upkeep(): Promise<void> {
    await this.#beat()
    await this.#context.flush()
    await this.#resync()
    // Session upkeep every few heartbeats is enough: TTLs are minutes.
    if (++this.#beats % 5 !== 0) return
    const now = Date.now()
    const idleMs = Math.min(this.#context.options.sessionTtlMs, 60_000)
    await Promise.all([this.sessionStore.sweep(now, idleMs), this.sseSessionStore.sweep(now, idleMs)]).catch(
      () => {},
    )
  }

  /**
   * After this instance's pub/sub connection came back (a Redis restart, a dropped connection): the session
   * changes and deletions announced while it was away reached nobody here, so every copy is read again (until
   * that succeeds, at each heartbeat). Without it, a copy holding a standalone stream would miss, say, a
   * `resources/subscribe` served elsewhere meanwhile, and with it the notifications.
   */
  async #resync(): Promise<void> {
    if (!this.#resyncDue || this.#closed) return
    this.#resyncDue = false
    try {
      await Promise.all([this.sessionStore.resync(), this.sseSessionStore.resync()])
    } catch {
      this.#resyncDue = true
    }
  }

  #beat(): Promise<unknown> {
    const c = this.#context
    return c.link
      .command(['SET', c.keys.instance(c.instanceId), '1', 'PX', String(3 * c.options.heartbeatMs)])
      .catch(() => {})
  }
}

/**
 * Joins `server` to a fleet sharing the Redis at `options.url`: connects (waiting up to `connectTimeoutMs`),
 * subscribes to the fleet's channels and starts the heartbeat. Every instance must register the same tools,
 * resources and prompts, and give its McpServer the same `mrtrSecret`.
 *
 * @example
 * const server = new McpServer({ name: 'demo', version: '1.0.0' }, { mrtrSecret: process.env.MCP_MRTR_SECRET })
 * const fleet = await createRedisFleet(server, { url: process.env.REDIS_URL })
 * const mcp = createMcpHandler(server, fleet.handlerOptions())
 */
export async function createRedisFleet(
  server: McpServer,
  options: RedisFleetOptions = {},
): Promise<RedisFleet> {
  const resolved = resolveFleetOptions(options)
  const link = new RedisLink({
    url: options.url,
    clientOptions: options.clientOptions,
    commandTimeoutMs: resolved.commandTimeoutMs,
    retryAfterSeconds: resolved.retryAfterSeconds,
    onError: options.onError ?? (() => {}),
  })
  await link.connect(options.connectTimeoutMs ?? 10_000)
  const keys = new Keys(resolved.prefix)
  const instanceId = options.instanceId ?? createSessionId().slice(0, 16)
  const context = new FleetContext(link, keys, instanceId, resolved, server)
  const fleet = new RedisFleet(context)
  try {
    await Promise.all([
      link.subscribe(keys.fleetChannel, (m) => context.dispatch(m)),
      link.subscribe(keys.instanceChannel(instanceId), (m) => context.dispatch(m)),
      link.command(['SET', keys.instance(instanceId), '1', 'PX', String(3 * resolved.heartbeatMs)]),
    ])
  } catch (e) {
    await fleet.close()
    throw e
  }
  return fleet
}
