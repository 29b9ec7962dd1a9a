import { SseEventTooLargeError, SseParser } from '../sse-parser.js'

/** Where a stream stands: the resumption cursor and the server's requested reconnection delay. */
export interface StreamCursor {
  lastEventId: string | undefined
  retryMs: number | undefined
}

const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Reads an SSE response to its end, handing each event's data (parsed JSON) to `onMessage` and keeping the
 * cursor up to date. Resolves when the stream ends or fails (a dropped connection is not an error here: the
 * caller decides whether to resume); events that are not JSON are reported through `onBadEvent`. An event
 * (or line) over `maxEventSize` characters stops the reading: the result is then `'too-large'` and the rest
 * of the stream is cancelled unread.
 */
export async function readSse(
  response: Response,
  cursor: StreamCursor,
  handlers: { onMessage: (message: unknown) => void; onBadEvent: (data: string) => void },
  maxEventSize: number,
): Promise<'ended' | 'too-large'> {
  if (!response.body) return 'ended'
  const parser = new SseParser(
    {
      onEvent: (event) => {
        if (event.hasId) cursor.lastEventId = event.lastEventId
        if (event.data === '' || event.event !== 'message') return
        let value: unknown
        try {
          value = JSON.parse(event.data)
        } catch {
          handlers.onBadEvent(event.data)
          return
        }
        handlers.onMessage(value)
      },
      onRetry: (ms) => {
        // Timers take at most 2^31 - 1 ms; beyond that they fire at once (a hostile `retry: 1e12` would
        // make the client reconnect in a tight loop).
        cursor.retryMs = Math.min(ms, MAX_TIMER_MS)
      },
    },
    { maxEventSize },
  )
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.push(value)
    }
  } catch (e) {
    if (e instanceof SseEventTooLargeError) {
      reader.cancel().catch(() => {})
      return 'too-large'
    }
    // connection dropped or aborted
  } finally {
    parser.end()
    reader.releaseLock()
  }
  return 'ended'
}

/** Waits `ms`, or less if the signal aborts. */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
