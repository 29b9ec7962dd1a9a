import { encodeMessage, type JsonRpcMessage } from '@edgemcp/core'
import {
  type EventStore,
  StoreUnavailableError,
  type StoredEvent,
  type StreamInfo,
} from '@edgemcp/streamable-http'
import { canReplayAfter, eventIdOf, parseEventId } from '@edgemcp/streamable-http/internal'
import type { FleetContext, FleetMessage, MessageHandler } from './context.js'
import { followStream } from './follow.js'
import { endStream, type Entry, isEnd, messageOf, seqOf } from './entries.js'
import { APPEND, REPLAY } from './scripts.js'

/** A stream opened on this instance (or taken over by it) and not ended yet. */
interface OwnStream {
  sessionId: string
  /** The id of the request it answers, as JSON (how the END script writes it into an error response). */
  answering: string | undefined
  /** The session's standalone GET stream. */
  standalone: boolean
  openedAt: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The events of legacy SSE streams in Redis Streams, one Redis stream per SSE stream, so that a client can
 * resume with `Last-Event-ID` on any instance (2025-11-25 "Resumability and Redelivery"). Each stream keeps
 * its last `maxEventsPerStream` events within `maxStreamBytes`, a session keeps its last
 * `maxStreamsPerSession` streams (besides its standalone one), and a stream expires `streamTtlMs` after its last event; event ids are
 * `{streamId}:{n}`, n counting the stream's events from 1.
 *
 * A stream live on another instance is followed (its new events are announced on a channel) until it ends.
 * When the instance writing a stream dies, the stream is ended for it, with an error response for the
 * request it was answering: a client never waits for an answer nobody will write.
 */
export class RedisEventStore implements EventStore, MessageHandler {
  readonly #fleet: FleetContext
  readonly #own = new Map<string, OwnStream>()
  readonly #ending = new Set<Promise<void>>()
  #token = 0

  constructor(fleet: FleetContext) {
    this.#fleet = fleet
    fleet.handle('e', this)
    fleet.adopt = (streamId) => this.#adopt(streamId)
  }

  open(streamId: string, info: StreamInfo): void {
    const f = this.#fleet
    const openedAt = Date.now()
    const standalone = info.standalone === true
    this.#own.set(streamId, {
      sessionId: info.sessionId,
      answering: info.answering === undefined ? undefined : JSON.stringify(info.answering),
      standalone,
      openedAt,
    })
    // One standalone stream per session in the whole fleet, as on one instance: the older ones end.
    if (standalone)
      f.publish(f.keys.fleetChannel, {
        t: 'standalone',
        k: 'e',
        s: info.sessionId,
        stream: streamId,
        from: f.instanceId,
        at: openedAt,
      }).catch(() => {})
  }

  /** A standalone stream opened elsewhere: this instance's older one of that session ends. */
  receive(message: FleetMessage): void {
    if (message.t !== 'standalone' || message.from === this.#fleet.instanceId) return
    for (const [streamId, own] of this.#own)
      if (
        own.standalone &&
        own.sessionId === message.s &&
        streamId !== message.stream &&
        own.openedAt <= message.at
      ) {
        this.#fleet.copyOf(own.sessionId)?.attach(undefined)
        void this.end(streamId)
      }
  }

  /**
   * Takes over the standalone stream of a dead instance: the session's notifications are appended to it from
   * here (the follower that found the owner dead passes them on to the client).
   */
  #adopt(streamId: string): boolean {
    const sessionId = streamId.slice(0, streamId.indexOf('.'))
    const copy = this.#fleet.copyOf(sessionId)
    if (!copy || copy.hasStandaloneChannel) return false
    this.#own.set(streamId, { sessionId, answering: undefined, standalone: true, openedAt: Date.now() })
    copy.attach(async (message) => {
      // An append that fails (Redis away too long) drops the notification, as a closed stream would.
      await this.append(streamId, message).catch(() => undefined)
    })
    return true
  }

  async append(streamId: string, message: JsonRpcMessage | null): Promise<string> {
    const f = this.#fleet
    const k = f.keys
    const own = this.#own.get(streamId)
    const keys = [k.stream(streamId), k.meta(streamId)]
    let field = 'm'
    let data = ''
    let answered = '0'
    let owner = ''
    let answering = ''
    if (message === null) {
      field = 'p'
      owner = f.instanceId
      answering = own?.answering ?? ''
    } else {
      data = encodeMessage(message)
      // A server→client request: its answer may be POSTed to any instance, which forwards it here.
      if ('method' in message) {
        if ('id' in message && own) keys.push(k.pending(own.sessionId, message.id))
      } else if (own?.answering !== undefined && JSON.stringify(message.id) === own.answering) answered = '1'
    }
    // The token makes a retried append idempotent (see the APPEND script).
    const token = `${f.instanceId}.${++this.#token}`
    const args = [
      String(f.options.maxEventsPerStream),
      String(f.options.streamTtlMs),
      field,
      data,
      answered,
      k.streamChannel(streamId),
      f.instanceId,
      String(f.options.serverRequestTtlMs),
      owner,
      answering,
      token,
      message === null && own?.standalone ? '1' : '0',
      String(f.options.maxStreamBytes),
      message === null && own ? k.sessionStreams(own.sessionId) : '',
      String(f.options.maxStreamsPerSession),
      k.prefix,
      streamId,
    ]
    const id = await this.#retrying(() => f.link.script<string | null>(APPEND, keys, args))
    if (id === null) throw new Error(`Stream ${streamId} has ended`)
    return eventIdOf(streamId, seqOf(id))
  }

  async replayAfter(eventId: string): Promise<{ streamId: string; events: StoredEvent[] } | undefined> {
    const named = parseEventId(eventId)
    if (!named) return undefined
    const { streamId, seq } = named
    const found = await this.#fleet.link.script<[string, string, Entry[]] | null>(
      REPLAY,
      [this.#fleet.keys.stream(streamId)],
      [String(seq)],
    )
    if (!found) return undefined
    const [first, last, entries] = found
    if (!canReplayAfter(seq, seqOf(first), seqOf(last) + 1)) return undefined
    const events: StoredEvent[] = []
    for (const entry of entries) {
      if (isEnd(entry)) break
      const message = messageOf(entry)
      if (message) events.push({ id: eventIdOf(streamId, seqOf(entry[0])), message })
    }
    return { streamId, events }
  }

  /** Forgets a stream (its session was deleted); kept when the session only closes here (shutdown). */
  async deleteStream(streamId: string): Promise<void> {
    const f = this.#fleet
    this.#own.delete(streamId)
    const dot = streamId.indexOf('.')
    if (f.isLocalClose(dot < 0 ? streamId : streamId.slice(0, dot))) return
    await f.eventually(() => f.link.command(['DEL', f.keys.stream(streamId), f.keys.meta(streamId)]))
  }

  /**
   * Ends a stream written here. If this instance is shutting down before the request it answers was
   * answered, the client gets an error saying so (wherever it resumes) instead of waiting.
   */
  end(streamId: string): Promise<void> {
    const f = this.#fleet
    this.#own.delete(streamId)
    const message = f.shuttingDown
      ? 'The server instance handling this request shut down before answering; send the request again'
      : 'The request was not answered: its stream ended early'
    const ending = f.eventually(() => endStream(f, streamId, message, 'ended'))
    this.#ending.add(ending)
    return ending.finally(() => this.#ending.delete(ending))
  }

  /** Waits for the stream ends in flight (on shutdown, before the connection closes). */
  async settled(): Promise<void> {
    await Promise.all(this.#ending)
  }

  follow(streamId: string, eventId: string, signal: AbortSignal): AsyncIterable<StoredEvent> {
    return followStream(this.#fleet, streamId, eventId, signal)
  }

  /** Streams opened here and not ended (for tests and diagnostics). */
  get openStreams(): number {
    return this.#own.size
  }

  /** Runs an append, waiting up to `appendRetryMs` for Redis to come back; the stream's order is kept. */
  async #retrying<T>(run: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.#fleet.options.appendRetryMs
    for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
      try {
        return await run()
      } catch (e) {
        if (!(e instanceof StoreUnavailableError) || Date.now() + delay > deadline) throw e
        await sleep(delay)
      }
    }
  }
}
