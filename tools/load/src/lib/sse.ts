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
  let buffer = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        let id: string | undefined
        const data: string[] = []
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) id = line.slice(3).trim()
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
        }
        if (id !== undefined || data.length > 0) yield { id, data: data.join('\n') }
      }
    }
  } catch {
    return // the connection was cut
  } finally {
    reader.releaseLock()
  }
}
