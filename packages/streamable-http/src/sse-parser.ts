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

export interface SseParserOptions {
  /**
   * Most characters one event may hold (its data, type and id lines, and any line being received), so a
   * peer cannot grow the reader without bound with an endless line or event. Past it `push` throws
   * SseEventTooLargeError and the parser is done. Default: no limit.
   */
  maxEventSize?: number | undefined
}

/** An event or line went past the parser's `maxEventSize`. */
export class SseEventTooLargeError extends Error {
  override readonly name = 'SseEventTooLargeError'
  constructor(readonly limit: number) {
    super(`An SSE event exceeds ${limit} characters`)
  }
}

/** An incremental parser: feed text chunks in order; events come out as they complete. */
export class SseParser {
  /** The line being received (no line break seen yet). */
  private buffer = ''
  private data: string[] = []
  /** Characters of the event being received: its data lines (plus separators) and type. */
  private size = 0
  private eventType = ''
  private lastEventId = ''
  private sawId = false
  private first = true
  private pendingCr = false
  private readonly maxEventSize: number

  constructor(
    private readonly callbacks: SseParserCallbacks,
    options: SseParserOptions = {},
  ) {
    this.maxEventSize = options.maxEventSize ?? Number.POSITIVE_INFINITY
  }

  /** Starts from a known last event id (resumption). */
  setLastEventId(id: string): void {
    this.lastEventId = id
  }

  /** Parses a chunk; throws SseEventTooLargeError when an event or line grows past `maxEventSize`. */
  push(chunk: string): void {
    let text = chunk
    if (this.first && text.length > 0) {
      this.first = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1)
    this.pendingCr = false
    // Only the new text is scanned for line breaks: a long line arriving in many chunks costs linear time.
    let start = 0
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c !== 10 && c !== 13) continue
      const line = this.buffer + text.slice(start, i)
      this.buffer = ''
      this.line(line)
      if (c === 13) {
        if (i + 1 === text.length) this.pendingCr = true
        else if (text.charCodeAt(i + 1) === 10) i++
      }
      start = i + 1
    }
    if (start < text.length) this.buffer += text.slice(start)
    this.check(this.buffer.length)
  }

  /** Throws when the event so far plus `extra` characters would exceed the limit. */
  private check(extra: number): void {
    if (this.size + extra <= this.maxEventSize) return
    this.end()
    throw new SseEventTooLargeError(this.maxEventSize)
  }

  /** End of stream: an incomplete event is discarded, as the standard says. */
  end(): void {
    this.buffer = ''
    this.data = []
    this.size = 0
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
        this.check(value.length + 1)
        this.size += value.length + 1
        this.data.push(value)
        break
      case 'event':
        this.check(value.length)
        this.size += value.length - this.eventType.length
        this.eventType = value
        break
      case 'id':
        this.check(value.length)
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
    this.size = 0
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
