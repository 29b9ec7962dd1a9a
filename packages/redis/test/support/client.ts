import { type SseEvent, SseParser } from '@edgemcp/streamable-http/internal'

export type Json = Record<string, any>

const ACCEPT = 'application/json, text/event-stream'
export const REV = '2025-11-25'

/** Raw SSE events (`event`, `data`) of a response, one by one; undefined once it ended. */
export function sseEventsOf(response: Response) {
  if (!response.body) throw new Error(`no body (status ${response.status})`)
  const queue: SseEvent[] = []
  let wake: (() => void) | undefined
  let ended = false
  const parser = new SseParser({
    onEvent: (e) => {
      queue.push(e)
      wake?.()
    },
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  void (async () => {
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) parser.push(r.value)
    } catch {
      // cancelled
    }
    ended = true
    wake?.()
  })()
  return {
    async next(timeoutMs = 10_000): Promise<SseEvent | undefined> {
      const deadline = Date.now() + timeoutMs
      while (queue.length === 0 && !ended) {
        if (Date.now() > deadline) throw new Error('timed out waiting for an SSE event')
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, 50)
        })
        wake = undefined
      }
      return queue.shift()
    },
    drop: () => void reader.cancel().catch(() => {}),
  }
}

/** An SSE response read message by message (JSON), remembering the last event id. */
export function sseReader(response: Response) {
  const events = sseEventsOf(response)
  return {
    /** The id of the last event that had one. */
    lastEventId: undefined as string | undefined,
    /** The next JSON message (priming and comment-only events skipped); undefined once the stream ended. */
    async message(timeoutMs = 10_000): Promise<Json | undefined> {
      for (;;) {
        const e = await events.next(timeoutMs)
        if (!e) return undefined
        if (e.hasId) this.lastEventId = e.lastEventId
        if (e.data !== '') return JSON.parse(e.data) as Json
      }
    },
    /** Every message until the stream ends. */
    async rest(timeoutMs = 10_000): Promise<Json[]> {
      const out: Json[] = []
      for (let m = await this.message(timeoutMs); m; m = await this.message(timeoutMs)) out.push(m)
      return out
    },
    /** Drops the connection (the stream lives on at the server). */
    drop: events.drop,
  }
}

/** Raw HTTP to the instances of a fleet; every call names the instance it goes to. */
export function fleetClient(urls: () => string[]) {
  let nextId = 1
  const url = (i: number) => {
    const all = urls()
    return all[i % all.length]!
  }
  const post = (i: number, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url(i), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
      body: JSON.stringify(body),
    })
  return {
    post,
    get: (i: number, headers: Record<string, string> = {}) =>
      fetch(url(i), { headers: { Accept: 'text/event-stream', ...headers } }),
    del: (i: number, headers: Record<string, string> = {}) => fetch(url(i), { method: 'DELETE', headers }),
    id: () => nextId++,
    /** initialize on instance `i`, notifications/initialized on `j`: the session's headers. */
    async initialize(i: number, j = i, capabilities: Json = {}) {
      const res = await post(i, {
        jsonrpc: '2.0',
        id: nextId++,
        method: 'initialize',
        params: { protocolVersion: REV, capabilities, clientInfo: { name: 'fleet-test', version: '1' } },
      })
      if (res.status !== 200) throw new Error(`initialize: ${res.status} ${await res.text()}`)
      const sessionId = res.headers.get('mcp-session-id')!
      await res.body?.cancel()
      const headers = { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': REV }
      const ok = await post(j, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
      if (ok.status !== 202) throw new Error(`initialized: ${ok.status}`)
      return { sessionId, headers }
    },
    /** A tools/call on instance `i`: its JSON answer, or the messages of its SSE answer. */
    async call(i: number, headers: Record<string, string>, name: string, args: Json = {}, meta?: Json) {
      const id = nextId++
      const res = await post(
        i,
        {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
        },
        headers,
      )
      return { id, res }
    },
  }
}

/** The final response in a JSON or SSE answer. */
export async function answerOf(res: Response): Promise<Json> {
  if (res.headers.get('content-type')?.startsWith('application/json')) return (await res.json()) as Json
  const messages = await sseReader(res).rest()
  const last = messages.at(-1)
  if (!last || 'method' in last) throw new Error(`no response in ${JSON.stringify(messages)}`)
  return last
}
