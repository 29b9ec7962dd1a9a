/** Server-Sent Events wire format, the reading side (WHATWG HTML "Parsing an event stream"). */

export interface SseEvent {
  /** The `event` field; `message` when absent. */
  event: string
  data: string
  /** The last event id after this event (an event without `id` keeps the previous one). */
  lastEventId: string
  /** Whether this event itself carried an `id` field. */
  hasId: boolean
}

export interface SseParserCallbacks {
  onEvent(event: SseEvent): void
  onRetry?(ms: number): void
}

/** An incremental parser: feed text chunks in order; events come out as they complete. */
export class SseParser {
  private buffer = ''
  private data: string[] = []
  private eventType = ''
  private lastEventId = ''
  private sawId = false
  private first = true
  private pendingCr = false

  constructor(private readonly callbacks: SseParserCallbacks) {}

  /** Starts from a known last event id (resumption). */
  setLastEventId(id: string): void {
    this.lastEventId = id
  }

  push(chunk: string): void {
    let text = chunk
    if (this.first && text.length > 0) {
      this.first = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1)
    this.pendingCr = false
    this.buffer += text
    let start = 0
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i]
      if (c !== '\n' && c !== '\r') continue
      this.line(this.buffer.slice(start, i))
      if (c === '\r') {
        if (i + 1 === this.buffer.length) this.pendingCr = true
        else if (this.buffer[i + 1] === '\n') i++
      }
      start = i + 1
    }
    this.buffer = this.buffer.slice(start)
  }

  /** End of stream: an incomplete event is discarded, as the standard says. */
  end(): void {
    this.buffer = ''
    this.data = []
    this.eventType = ''
    this.sawId = false
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch()
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'data':
        this.data.push(value)
        break
      case 'event':
        this.eventType = value
        break
      case 'id':
        if (!value.includes('\0')) {
          this.lastEventId = value
          this.sawId = true
        }
        break
      case 'retry':
        if (/^\d+$/.test(value)) this.callbacks.onRetry?.(Number(value))
        break
    }
  }

  private dispatch(): void {
    const hasId = this.sawId
    this.sawId = false
    if (this.data.length === 0) {
      this.eventType = ''
      // An id-only event (a priming event without data) still moves the cursor; report it.
      if (hasId) this.callbacks.onEvent({ event: 'message', data: '', lastEventId: this.lastEventId, hasId })
      return
    }
    const event = {
      event: this.eventType || 'message',
      data: this.data.join('\n'),
      lastEventId: this.lastEventId,
      hasId,
    }
    this.data = []
    this.eventType = ''
    this.callbacks.onEvent(event)
  }
}
