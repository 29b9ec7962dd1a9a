import type { StoredEvent } from '@edgemcp/streamable-http'
import { eventIdOf, parseEventId } from '@edgemcp/streamable-http/internal'
import type { FleetContext } from './context.js'
import { type Entry, endStream, isEnd, messageOf, seqOf } from './entries.js'
import { OWNER_ALIVE } from './scripts.js'

/** Entries read per round trip while catching up. */
const BATCH = 100

/**
 * The events of a stream after `eventId`, as they are appended on any instance, until the stream ends or
 * `signal` aborts (see `EventStore.follow`). Appends are announced on the stream's channel; each
 * announcement (and, as a safety net, every two heartbeats) reads what is new. When the instance writing the
 * stream is found dead, the stream is ended for it (an error for the request it answered, then the end).
 */
export async function* followStream(
  f: FleetContext,
  streamId: string,
  eventId: string,
  signal: AbortSignal,
): AsyncGenerator<StoredEvent> {
  const named = parseEventId(eventId)
  if (named?.streamId !== streamId) return
  const key = f.keys.stream(streamId)
  const channel = f.keys.streamChannel(streamId)
  let last = named.seq
  let dirty = true
  let wake: (() => void) | undefined
  const poke = () => {
    dirty = true
    wake?.()
  }
  const onAbort = () => wake?.()
  signal.addEventListener('abort', onAbort)
  try {
    await f.link.subscribe(channel, poke)
    while (!signal.aborted) {
      if (dirty) {
        dirty = false
        const entries = await f.link.command<Entry[]>([
          'XRANGE',
          key,
          `(0-${last}`,
          '+',
          'COUNT',
          String(BATCH),
        ])
        const first = entries[0]
        if (first && seqOf(first[0]) > last + 1)
          throw new Error(`events of stream ${streamId} after ${last} were trimmed before they were read`)
        for (const entry of entries) {
          last = seqOf(entry[0])
          if (isEnd(entry)) return
          const message = messageOf(entry)
          if (message) yield { id: eventIdOf(streamId, last), message }
          if (signal.aborted) return
        }
        if (entries.length === BATCH) dirty = true
        continue
      }
      const woke = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 2 * f.options.heartbeatMs)
        wake = () => {
          clearTimeout(timer)
          resolve(true)
        }
        if (dirty || signal.aborted) wake()
      })
      wake = undefined
      if (woke || signal.aborted) continue
      dirty = true
      if ((await ownerState(f, streamId)) === 'gone') return
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
    // Not awaited: while Redis is away the unsubscribe waits for it, and the follower's stream must end now.
    void f.link.unsubscribe(channel, poke)
  }
}

/**
 * Whether the stream can still grow: `gone` when the stream itself is gone (its session deleted). When its
 * writer is dead, the stream is ended for it (an error for the request it answered), or, a standalone GET
 * stream, taken over by this instance so that the session's notifications go on. Owners are not judged right
 * after a reconnect to Redis: their heartbeats may have lapsed while Redis was away.
 */
async function ownerState(f: FleetContext, streamId: string): Promise<'gone' | 'growing'> {
  if (!f.judgesLiveness) return 'growing'
  const alive = await f.link.script<number>(
    OWNER_ALIVE,
    [f.keys.stream(streamId), f.keys.meta(streamId)],
    [f.keys.instancePrefix, f.instanceId],
  )
  if (alive < 0) return 'gone'
  if (alive === 0 || (alive === 2 && !f.adopt(streamId)))
    await endStream(
      f,
      streamId,
      'The server instance handling this request stopped before answering; send the request again',
      'instance gone',
    )
  return 'growing'
}
