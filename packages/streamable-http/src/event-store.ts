import type { JsonRpcMessage, RequestId } from '@edgemcp/core'

export interface StoredEvent {
  id: string
  message: JsonRpcMessage
}

/**
 * Keeps the events of legacy-era SSE streams so a client can resume one with `Last-Event-ID`
 * (2025-11-25 basic/transports "Resumability and Redelivery"). Event ids are unique across streams and name
 * their stream, so an id alone finds what to replay.
 */
export interface EventStore {
  /** Records a message of a stream (`null`: the priming event, never replayed); returns the event id. */
  append(streamId: string, message: JsonRpcMessage | null): Promise<string>
  /**
   * The stream of `eventId` and the messages recorded after it, in order; undefined when the id is unknown
   * or events after it were already discarded (a replay would lose messages).
   */
  replayAfter(eventId: string): Promise<{ streamId: string; events: StoredEvent[] } | undefined>
  /** Forgets a stream's events. */
  deleteStream(streamId: string): Promise<void>

  // For stores shared by several instances (a fleet behind a load balancer, e.g. @edgemcp/redis). A store
  // kept by one instance needs none of these: every resumption then finds its stream live on that instance.

  /**
   * Optional: a stream begins; called before its priming event is appended. `answering` names the request
   * whose answer the stream carries (a POST answer), so that a shared store can end the stream with an error
   * for it when the instance writing it is gone.
   */
  open?(streamId: string, info: StreamInfo): void
  /**
   * Optional: a stream has ended; nothing more will be appended to it (`follow` ends there). Called once per
   * stream, also when it ends early (its session closed, the server shutting down).
   */
  end?(streamId: string): Promise<void>
  /**
   * Optional: the events appended to a stream after `eventId` (an id of that stream, e.g. the last one
   * `replayAfter` returned), as they are appended on any instance, until the stream ends or `signal` aborts.
   * The handler resumes a stream that is live on another instance with it (without it, such a resumption
   * replays what is stored and closes, and the client comes back after `retry`).
   */
  follow?(streamId: string, eventId: string, signal: AbortSignal): AsyncIterable<StoredEvent>
}

/** What `EventStore.open` is told about a new stream. */
export interface StreamInfo {
  /** The legacy session the stream belongs to. */
  sessionId: string
  /** The id of the request the stream answers (a POST answer); absent on the standalone GET stream. */
  answering?: RequestId
  /** The session's standalone GET stream. */
  standalone?: boolean
}

/**
 * Event ids of the stores here: `{streamId}:{sequence}`, the sequence counting the events of its stream from 0.
 * Stream ids may contain colons; the sequence is what follows the last one.
 */
export const eventIdOf = (streamId: string, seq: number): string => `${streamId}:${seq}`

/** The stream and sequence an event id names; undefined when it is not such an id. */
export function parseEventId(eventId: string): { streamId: string; seq: number } | undefined {
  const colon = eventId.lastIndexOf(':')
  if (colon <= 0) return undefined
  const seqText = eventId.slice(colon + 1)
  if (!/^\d{1,15}$/.test(seqText)) return undefined
  return { streamId: eventId.slice(0, colon), seq: Number(seqText) }
}

/**
 * Whether a stream can replay everything after event `seq`, given the first sequence it still keeps and the
 * next one it will issue: not for an id never issued, nor when events after it were already dropped (a
 * replay would lose messages).
 */
export const canReplayAfter = (seq: number, first: number, next: number): boolean =>
  seq < next && seq + 1 >= first

export interface InMemoryEventStoreOptions {
  /** Events kept per stream; older ones are dropped (resuming from before them then fails). Default 1000. */
  maxEventsPerStream?: number
  /**
   * Streams kept per session (the part of a stream id before its first `.`, as the handler names them); a
   * session's own oldest stream is dropped beyond this. Default 100.
   */
  maxStreamsPerSession?: number
  /**
   * Streams kept in all; beyond this the oldest stream of the session that holds the most goes, so one client
   * opening many streams never pushes out another's. Default 10 000.
   */
  maxStreams?: number
}

interface StreamLog {
  /** Sequence number of `entries[0]`. */
  first: number
  entries: Array<JsonRpcMessage | null>
}

/** The session a stream id belongs to: what precedes its first `.` (the whole id when there is none). */
const ownerOf = (streamId: string): string => {
  const dot = streamId.indexOf('.')
  return dot < 0 ? streamId : streamId.slice(0, dot)
}

/**
 * A bounded event store in memory. Event ids are `{streamId}:{sequence}`. Streams are kept per session
 * (`maxStreamsPerSession`) and in all (`maxStreams`); making room never takes a stream of a session that holds
 * fewer than the one it is made for.
 */
export class InMemoryEventStore implements EventStore {
  readonly #streams = new Map<string, StreamLog>()
  /** The ids of each session's streams, oldest first. */
  readonly #bySession = new Map<string, string[]>()
  readonly #maxEvents: number
  readonly #maxPerSession: number
  readonly #maxStreams: number

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.#maxEvents = Math.max(1, options.maxEventsPerStream ?? 1000)
    this.#maxPerSession = Math.max(1, options.maxStreamsPerSession ?? 100)
    this.#maxStreams = Math.max(1, options.maxStreams ?? 10_000)
  }

  async append(streamId: string, message: JsonRpcMessage | null): Promise<string> {
    let log = this.#streams.get(streamId)
    if (!log) log = this.#open(streamId)
    log.entries.push(message)
    if (log.entries.length > this.#maxEvents) {
      log.entries.shift()
      log.first++
    }
    return eventIdOf(streamId, log.first + log.entries.length - 1)
  }

  async replayAfter(eventId: string): Promise<{ streamId: string; events: StoredEvent[] } | undefined> {
    const named = parseEventId(eventId)
    if (!named) return undefined
    const { streamId, seq } = named
    const log = this.#streams.get(streamId)
    if (!log) return undefined
    const next = log.first + log.entries.length
    if (!canReplayAfter(seq, log.first, next)) return undefined
    const events: StoredEvent[] = []
    for (let s = seq + 1; s < next; s++) {
      const message = log.entries[s - log.first]
      if (message) events.push({ id: eventIdOf(streamId, s), message })
    }
    return { streamId, events }
  }

  async deleteStream(streamId: string): Promise<void> {
    if (!this.#streams.delete(streamId)) return
    const owner = ownerOf(streamId)
    const ids = this.#bySession.get(owner)
    const i = ids?.indexOf(streamId) ?? -1
    if (i >= 0) ids!.splice(i, 1)
    if (ids?.length === 0) this.#bySession.delete(owner)
  }

  /** A new stream's log, after making room: in its session first, then in all (from the largest session). */
  #open(streamId: string): StreamLog {
    const owner = ownerOf(streamId)
    let ids = this.#bySession.get(owner)
    if (!ids) {
      ids = []
      this.#bySession.set(owner, ids)
    }
    while (ids.length >= this.#maxPerSession) this.#streams.delete(ids.shift()!)
    // (Only when full: a scan of the sessions.)
    while (this.#streams.size >= this.#maxStreams) {
      let largest: [string, string[]] = [owner, ids]
      for (const entry of this.#bySession) if (entry[1].length > largest[1].length) largest = entry
      const [session, list] = largest
      if (list.length === 0) break
      this.#streams.delete(list.shift()!)
      if (list.length === 0 && list !== ids) this.#bySession.delete(session)
    }
    const log: StreamLog = { first: 0, entries: [] }
    this.#streams.set(streamId, log)
    ids.push(streamId)
    return log
  }
}
