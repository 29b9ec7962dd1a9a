/** A transport's reply, read with bounds: SSE streams are cut once idle (a long-lived stream never ends). */
export interface Reply {
  status: number
  contentType: string
  kind: 'empty' | 'json' | 'sse' | 'text'
  /** The parsed JSON body (kind json). */
  json: unknown
  /** JSON messages of SSE `data` fields, in order (kind sse). */
  messages: unknown[]
  /** SSE event ids seen, in order. */
  eventIds: string[]
  text: string
  /** The reader stopped before the stream ended (idle or too long). */
  cut: boolean
  problems: string[]
}

export interface ReadOptions {
  /** Cut an SSE stream after this long without bytes. */
  idleMs: number
  /** Never read longer than this. */
  maxMs: number
}

/** Splits an SSE text into events' data and ids (a minimal, independent parser). */
export function parseSse(text: string): {
  data: string[]
  events: string[]
  ids: string[]
  problems: string[]
} {
  const data: string[] = []
  const events: string[] = []
  const ids: string[] = []
  const problems: string[] = []
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    const lines: string[] = []
    let event = 'message'
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'data') lines.push(value)
      else if (field === 'id') ids.push(value)
      else if (field === 'event') event = value
      else if (field !== 'retry') problems.push(`unknown SSE field ${field}`)
    }
    if (lines.length > 0) {
      data.push(lines.join('\n'))
      events.push(event)
    }
  }
  return { data, events, ids, problems }
}

async function readText(res: Response, o: ReadOptions): Promise<{ text: string; cut: boolean }> {
  if (!res.body) return { text: '', cut: false }
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  const started = Date.now()
  let text = ''
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const idle = new Promise<'idle'>((resolve) => {
      timer = setTimeout(
        () => resolve('idle'),
        Math.min(o.idleMs, Math.max(0, o.maxMs - (Date.now() - started))),
      )
    })
    const r = await Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer))
    if (r === 'idle') {
      await reader.cancel().catch(() => {})
      return { text, cut: true }
    }
    if (r.done) return { text: text + decoder.decode(), cut: false }
    text += decoder.decode(r.value, { stream: true })
  }
}

/** Reads a reply and parses it according to its Content-Type. */
export async function readReply(res: Response, o: ReadOptions): Promise<Reply> {
  const contentType = res.headers.get('content-type') ?? ''
  const sse = contentType.startsWith('text/event-stream')
  // JSON answers are never idle for long; SSE streams may be long-lived.
  const { text, cut } = await readText(res, sse ? o : { idleMs: o.maxMs, maxMs: o.maxMs })
  const reply: Reply = {
    status: res.status,
    contentType,
    kind: 'empty',
    json: undefined,
    messages: [],
    eventIds: [],
    text,
    cut,
    problems: [],
  }
  if (sse) {
    reply.kind = 'sse'
    const parsed = parseSse(text)
    reply.eventIds = parsed.ids
    reply.problems.push(...parsed.problems)
    for (const [i, d] of parsed.data.entries()) {
      if (d === '') continue // a priming event (2025-11-25): an id and empty data
      if (parsed.events[i] === 'endpoint') {
        // HTTP+SSE (2024-11-05): the URI to POST to, relative to the stream.
        if (!/^\/[^\s]*\?sessionId=[0-9a-f]+$/.test(d))
          reply.problems.push(`odd endpoint event: ${d.slice(0, 80)}`)
        continue
      }
      if (parsed.events[i] !== 'message') reply.problems.push(`unknown SSE event type ${parsed.events[i]}`)
      try {
        reply.messages.push(JSON.parse(d))
      } catch {
        reply.problems.push(`SSE data is not JSON: ${d.slice(0, 80)}`)
      }
    }
  } else if (contentType.startsWith('application/json') && (text !== '' || cut)) {
    reply.kind = 'json'
    if (cut) reply.problems.push('JSON body did not end in time')
    else
      try {
        reply.json = JSON.parse(text)
      } catch {
        reply.problems.push(`JSON body does not parse: ${text.slice(0, 80)}`)
      }
  } else if (text !== '') reply.kind = 'text'
  return reply
}
