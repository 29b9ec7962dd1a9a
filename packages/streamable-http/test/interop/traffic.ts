import { SseParser } from '@edgemcp/streamable-http/internal'
import { transcriptProblems } from '../../../core/test/helpers/transcript.js'

export type Json = Record<string, any>

export interface Exchange {
  method: string
  status: number
  contentType: string
  requestHeaders: Headers
}

export interface RecorderOptions {
  /**
   * Drops the connection once, the first time an SSE answer contains `marker`: the client gets the bytes up to
   * the end of the marker (mid-event), then a network error; the server sees the connection close.
   */
  cutOnce?: string
}

const flat = (v: unknown): Json[] => (Array.isArray(v) ? v : [v]) as Json[]

/**
 * A fetch that records the JSON-RPC messages of every exchange: bodies POSTed (`sent`) and the messages of
 * JSON and SSE answers (`received`), each SSE event parsed as the client reads it.
 */
export function recorder(options: RecorderOptions = {}) {
  const sent: Json[] = []
  const received: Json[] = []
  const exchanges: Exchange[] = []
  let cut = options.cutOnce === undefined
  const tap = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> => {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    const encoder = new TextEncoder()
    const parser = new SseParser({
      onEvent: (e) => {
        if (e.data !== '') received.push(JSON.parse(e.data) as Json)
      },
    })
    let seen = ''
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>
        try {
          chunk = await reader.read()
        } catch (e) {
          parser.end()
          controller.error(e)
          return
        }
        if (chunk.done) {
          parser.end()
          controller.close()
          return
        }
        const text = decoder.decode(chunk.value, { stream: true })
        const at = cut ? -1 : (seen + text).indexOf(options.cutOnce as string)
        if (at >= 0) {
          cut = true
          const keep = text.slice(0, Math.max(0, at + (options.cutOnce as string).length - seen.length))
          parser.push(keep)
          parser.end()
          controller.enqueue(encoder.encode(keep))
          controller.error(new TypeError('network connection lost (test cut)'))
          await reader.cancel().catch(() => {})
          return
        }
        seen = (seen + text).slice(-200)
        parser.push(text)
        controller.enqueue(chunk.value)
      },
      cancel: (reason) => reader.cancel(reason),
    })
  }
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof init?.body === 'string') sent.push(...flat(JSON.parse(init.body)))
    const res = await fetch(input, init)
    const contentType = res.headers.get('content-type') ?? ''
    exchanges.push({
      method: init?.method ?? 'GET',
      status: res.status,
      contentType,
      requestHeaders: new Headers(init?.headers),
    })
    if (!res.body) return res
    const meta = { status: res.status, statusText: res.statusText, headers: res.headers }
    if (contentType.includes('text/event-stream')) return new Response(tap(res.body), meta)
    if (!contentType.includes('application/json')) return res
    const text = await res.text()
    if (text !== '') received.push(...flat(JSON.parse(text)))
    return new Response(text, meta)
  }
  return { fetch: fetchImpl as typeof fetch, sent, received, exchanges }
}

/** Spec problems of what the client sent and received (see transcriptProblems in core's test helpers). */
export function specProblems(
  revision: string,
  traffic: { sent: Json[]; received: Json[] },
  check: { client?: boolean; server?: boolean } = { client: true, server: true },
): string[] {
  return transcriptProblems(revision, traffic.sent, traffic.received, check)
}
