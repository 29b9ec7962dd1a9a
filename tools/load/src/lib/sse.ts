import { SseParser } from '@edgemcp/streamable-http/internal'

/** One server-sent event: its `id` (when it has one) and its `data`. */
export interface SseEvent {
  id: string | undefined
  data: string
}

/**
 * Reads an event stream event by event. Stops when the stream ends or the reader is cancelled (a cut
 * connection); an error of the underlying connection ends the iteration too.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const ready: SseEvent[] = []
  const parser = new SseParser({
    onEvent: (e) => ready.push({ id: e.hasId ? e.lastEventId : undefined, data: e.data }),
  })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      parser.push(decoder.decode(value, { stream: true }))
      yield* ready.splice(0)
    }
  } catch {
    return // the connection was cut
  } finally {
    reader.releaseLock()
  }
}
