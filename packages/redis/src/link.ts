import { StoreUnavailableError } from '@edgemcp/streamable-http'
import { createClient, ErrorReply, type RedisClientOptions } from '@redis/client'
import type { Script } from './scripts.js'

type Client = ReturnType<typeof createClient>

/** A command waiting for its answer: when it was sent, and how to fail it. */
interface Waiting {
  at: number
  reject: (error: unknown) => void
}

/** Redis error replies that mean "not now" rather than "wrong": the server is starting, busy or failing over. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY)\b/

export interface LinkOptions {
  url: string | undefined
  clientOptions: RedisClientOptions | undefined
  commandTimeoutMs: number
  retryAfterSeconds: number
  /** Told of every connection error (they are retried; this is for logs). */
  onError: (error: Error) => void
}

/**
 * The connections of one instance: one for commands (pipelined: commands issued in the same tick share a
 * round trip) and one for pub/sub. Both reconnect by themselves. While the command connection is down,
 * commands fail at once (no offline queue) and a command that takes longer than `commandTimeoutMs` fails:
 * either way with `StoreUnavailableError`, which the transports answer with 503 and `Retry-After`.
 */
export class RedisLink {
  readonly #client: Client
  readonly #subscriber: Client
  readonly #options: LinkOptions
  readonly #shas = new Map<Script, string>()
  readonly #readyListeners = new Set<() => void>()
  readonly #listeningListeners = new Set<() => void>()
  /** Commands sent and not answered yet, oldest first. */
  readonly #waiting = new Set<Waiting>()
  readonly #watchdog: ReturnType<typeof setInterval>
  /** When the command connection last became ready (0: never). */
  readyAt = 0

  constructor(options: LinkOptions) {
    this.#options = options
    const base: RedisClientOptions = {
      ...options.clientOptions,
      ...(options.url === undefined ? {} : { url: options.url }),
      disableOfflineQueue: true,
      socket: {
        // Reconnect quickly, then every second: requests get 503 meanwhile.
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000),
        connectTimeout: options.commandTimeoutMs,
        ...options.clientOptions?.socket,
      },
    }
    this.#client = createClient(base)
    this.#subscriber = createClient({ ...base, disableOfflineQueue: false })
    for (const c of [this.#client, this.#subscriber]) c.on('error', (e: Error) => options.onError(e))
    this.#watchdog = setInterval(this.#watch, Math.max(25, options.commandTimeoutMs / 4))
    this.#watchdog.unref?.()
    this.#client.on('ready', () => {
      this.readyAt = Date.now()
      for (const l of this.#readyListeners) l()
    })
    // node-redis is ready once its subscriptions are back in place (it resubscribes before this event).
    this.#subscriber.on('ready', () => {
      for (const l of this.#listeningListeners) l()
    })
  }

  /** Connects both connections; rejects after `timeoutMs` (everything is then closed). */
  async connect(timeoutMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `could not connect to Redis at ${this.#options.url ?? 'the default URL'} within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      )
    })
    try {
      await Promise.race([Promise.all([this.#client.connect(), this.#subscriber.connect()]), timeout])
    } catch (e) {
      this.destroy()
      throw e
    } finally {
      clearTimeout(timer)
    }
  }

  /** Whether commands can be sent right now. */
  get isReady(): boolean {
    return this.#client.isReady
  }

  /** Runs `listener` whenever the command connection (re)connects. */
  onReady(listener: () => void): void {
    this.#readyListeners.add(listener)
  }

  /**
   * Runs `listener` whenever the pub/sub connection reconnects, its subscriptions back in place: what was
   * published meanwhile reached nobody here.
   */
  onListening(listener: () => void): void {
    this.#listeningListeners.add(listener)
  }

  /**
   * One command; a failure to reach Redis becomes `StoreUnavailableError`, and so does a command Redis has
   * not answered within `commandTimeoutMs` (see `#watch`).
   */
  command<T = unknown>(args: readonly string[]): Promise<T> {
    return this.#bounded(this.#client.sendCommand<T>(args))
  }

  /**
   * `work` (a command, a SUBSCRIBE), watched by `#watch`: it fails with `StoreUnavailableError` when Redis has
   * not answered within `commandTimeoutMs`, and its own failure becomes one. An answer after that is ignored.
   */
  #bounded<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = { at: Date.now(), reject }
      this.#waiting.add(waiting)
      work.then(
        (reply) => {
          this.#waiting.delete(waiting)
          resolve(reply)
        },
        (e: unknown) => {
          this.#waiting.delete(waiting)
          reject(this.#translate(e))
        },
      )
    })
  }

  /**
   * Fails the commands waiting longer than `commandTimeoutMs` (oldest first: a Set iterates in insertion
   * order). node-redis's own per-command timeout only covers commands not yet written, and costs a timer per
   * command; a command written to a Redis that stalls (stopped, partitioned) would otherwise wait forever.
   */
  #watch = (): void => {
    const deadline = Date.now() - this.#options.commandTimeoutMs
    for (const waiting of this.#waiting) {
      if (waiting.at > deadline) return
      this.#waiting.delete(waiting)
      waiting.reject(this.#unavailable(`no answer within ${this.#options.commandTimeoutMs} ms`))
    }
  }

  /** Runs a Lua script by its SHA1, loading it first when Redis does not know it (after a restart). */
  async script<T = unknown>(script: Script, keys: readonly string[], args: readonly string[]): Promise<T> {
    const tail = [String(keys.length), ...keys, ...args]
    const sha = this.#shas.get(script)
    if (sha !== undefined)
      try {
        return await this.command<T>(['EVALSHA', sha, ...tail])
      } catch (e) {
        if (!(e instanceof ErrorReply && e.message.startsWith('NOSCRIPT'))) throw e
      }
    this.#shas.set(script, await this.command<string>(['SCRIPT', 'LOAD', script.source]))
    return this.command<T>(['EVALSHA', this.#shas.get(script)!, ...tail])
  }

  /**
   * Subscribes to a channel on the pub/sub connection (kept across reconnects). Like a command, it fails with
   * `StoreUnavailableError` when Redis has not confirmed it within `commandTimeoutMs` (node-redis waits
   * forever on a Redis that stopped answering, or queues it while reconnecting): whoever waits for it (a
   * client following a stream) is told, not kept waiting. A subscription confirmed later stays until
   * `unsubscribe`.
   */
  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    await this.#bounded(this.#subscriber.subscribe(channel, listener))
  }

  async unsubscribe(channel: string, listener: (message: string) => void): Promise<void> {
    try {
      await this.#subscriber.unsubscribe(channel, listener)
    } catch {
      // gone with the connection: nothing is subscribed any more
    }
  }

  /** Closes both connections after the commands already sent. */
  async close(): Promise<void> {
    await Promise.allSettled([this.#client.close(), this.#subscriber.close()])
    clearInterval(this.#watchdog)
  }

  /** Drops both connections at once. */
  destroy(): void {
    clearInterval(this.#watchdog)
    for (const c of [this.#client, this.#subscriber])
      try {
        c.destroy()
      } catch {
        // not open
      }
  }

  #translate(e: unknown): unknown {
    if (e instanceof ErrorReply && !TRANSIENT_REPLY.test(e.message)) return e
    return this.#unavailable(e instanceof Error ? e.message : String(e), e)
  }

  #unavailable(reason: string, cause?: unknown): StoreUnavailableError {
    return new StoreUnavailableError(`Redis is unavailable (${reason})`, {
      retryAfterSeconds: this.#options.retryAfterSeconds,
      cause,
    })
  }
}
