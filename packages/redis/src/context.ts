import type { McpServer, ServerSession } from '@edgemcp/core'
import { StoreUnavailableError } from '@edgemcp/streamable-http'
import type { Keys } from './keys.js'
import type { RedisLink } from './link.js'
import type { ResolvedFleetOptions } from './options.js'
import { PUBLISH_TO_INSTANCE } from './scripts.js'

/** A message on the fleet's channels (JSON). `k` names the session store (Streamable HTTP or SSE). */
export type FleetMessage =
  | { t: 'changed'; k: string; s: string; j: string }
  | { t: 'deleted'; k: string; s: string }
  | { t: 'cancel'; k: string; s: string; id: string | number; reason?: string }
  | { t: 'response'; k: string; s: string; r: unknown }
  | { t: 'sse'; k: string; s: string; m: unknown; a?: unknown }
  | { t: 'event'; from: string; e: unknown }
  | { t: 'standalone'; k: 'e'; s: string; stream: string; from: string; at: number }

/** What a session store does with the messages addressed to its kind. */
export interface MessageHandler {
  receive(message: FleetMessage): void
}

/** Writes that must happen eventually (a delete or a stream end while Redis was down), retried in order. */
type Deferred = () => Promise<unknown>

/** Deferred writes kept at most; beyond this the oldest are dropped (their keys then expire by TTL). */
const MAX_DEFERRED = 10_000

/**
 * What the stores of one instance share: the Redis connections, key names, this instance's id, the server,
 * the sessions being closed here only (shutdown, a local copy evicted or deleted elsewhere), and the writes
 * to retry once Redis is back.
 */
export class FleetContext {
  /** Sessions whose close is local: closing their copy here must not delete them fleet-wide. */
  readonly closingLocally = new Set<string>()
  /** Set by `RedisFleet.close()`: every close from now on is local. */
  shuttingDown = false
  /**
   * Takes over the standalone stream of a dead instance (see `OWNER_ALIVE`): its session's notifications are
   * appended to it from here. False when this instance cannot (no copy of the session, or a standalone
   * stream of its own). Set by the event store.
   */
  adopt: (streamId: string) => boolean = () => false
  /** This instance's live copy of a legacy Streamable HTTP session, if any. Set by the session store. */
  copyOf: (sessionId: string) => ServerSession | undefined = () => undefined
  readonly #handlers = new Map<string, MessageHandler>()
  readonly #deferred: Deferred[] = []
  #flushing = false

  constructor(
    readonly link: RedisLink,
    readonly keys: Keys,
    readonly instanceId: string,
    readonly options: ResolvedFleetOptions,
    readonly server: McpServer,
  ) {}

  /** Whether closing session `id` here is local only (the session lives on elsewhere). */
  isLocalClose(id: string): boolean {
    return this.shuttingDown || this.closingLocally.has(id)
  }

  /** Closes this instance's copy of a session without deleting it fleet-wide. */
  closeLocally(session: { id: string; close(reason?: string): void }, reason: string): void {
    this.closingLocally.add(session.id)
    try {
      session.close(reason)
    } finally {
      this.closingLocally.delete(session.id)
    }
  }

  /** Routes messages whose `k` is `kind` to `handler`. */
  handle(kind: string, handler: MessageHandler): void {
    this.#handlers.set(kind, handler)
  }

  /** A message from a channel: to the store of its kind (events: to the `event` handler). */
  dispatch(text: string): void {
    let message: FleetMessage
    try {
      message = JSON.parse(text) as FleetMessage
    } catch {
      return
    }
    this.#handlers.get(message.t === 'event' ? 'event' : message.k)?.receive(message)
  }

  /** Publishes to every instance; resolves to the number that received it. */
  publish(channel: string, message: FleetMessage): Promise<number> {
    return this.link.command<number>(['PUBLISH', channel, JSON.stringify(message)])
  }

  /**
   * Whether an instance without a heartbeat may be taken for dead. Not within three heartbeats of this
   * instance's connection to Redis coming back: heartbeats may have lapsed while Redis was away, and their
   * instances beat again only once reconnected themselves.
   */
  get judgesLiveness(): boolean {
    return Date.now() - this.link.readyAt >= 3 * this.options.heartbeatMs
  }

  /**
   * Publishes to one instance's channel: true when it received the message, false when that instance is gone.
   * An instance alive but not listening (its pub/sub connection reconnecting after a Redis restart) would
   * lose it: `StoreUnavailableError` instead (503 with `Retry-After`), so that the client sends it again.
   */
  async sendTo(instanceId: string, message: FleetMessage): Promise<boolean> {
    const received = await this.link.script<number>(
      PUBLISH_TO_INSTANCE,
      [this.keys.instance(instanceId)],
      [this.keys.instanceChannel(instanceId), JSON.stringify(message), this.judgesLiveness ? '' : '1'],
    )
    if (received === -2) throw this.notListening()
    return received > 0
  }

  /** The error for a message whose instance is alive but cannot hear it yet (see `sendTo`). */
  notListening(): StoreUnavailableError {
    return new StoreUnavailableError(
      'Redis is unavailable (the server instance this message is for is reconnecting to it; send it again)',
      { retryAfterSeconds: this.options.retryAfterSeconds },
    )
  }

  /** Runs a write now; if Redis cannot be reached, again later (see `flush`), in order. Never rejects. */
  async eventually(write: Deferred): Promise<void> {
    if (this.#deferred.length === 0)
      try {
        await write()
        return
      } catch (e) {
        if (!(e instanceof StoreUnavailableError)) return
      }
    this.#deferred.push(write)
    if (this.#deferred.length > MAX_DEFERRED) this.#deferred.shift()
  }

  /** Writes deferred while Redis was down, oldest first; stops at the first that still fails. */
  async flush(): Promise<void> {
    if (this.#flushing) return
    this.#flushing = true
    try {
      while (this.#deferred.length > 0) {
        try {
          await this.#deferred[0]!()
        } catch (e) {
          if (e instanceof StoreUnavailableError) return
        }
        this.#deferred.shift()
      }
    } finally {
      this.#flushing = false
    }
  }

  get deferredCount(): number {
    return this.#deferred.length
  }
}
