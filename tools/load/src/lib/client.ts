import { sseEvents } from './sse.js'

export const LEGACY = '2025-11-25'
export const MODERN = '2026-07-28'
export type Json = Record<string, any>

export const POST_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
}

export const modernMeta = () => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'load', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
})

/** The JSON-RPC messages of a POST answer, JSON or SSE. */
export async function answerMessages(res: Response): Promise<Json[]> {
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const out: Json[] = []
    for await (const e of sseEvents(res.body as ReadableStream<Uint8Array>))
      if (e.data) out.push(JSON.parse(e.data))
    return out
  }
  const text = await res.text()
  return text ? [JSON.parse(text)] : []
}

/** A legacy (2025-03-26 … 2025-11-25) Streamable HTTP session over fetch. */
export class LegacySession {
  id = ''
  private nextId = 1

  constructor(
    readonly url: string,
    readonly version = LEGACY,
  ) {}

  get headers(): Record<string, string> {
    return { ...POST_HEADERS, 'Mcp-Session-Id': this.id, 'MCP-Protocol-Version': this.version }
  }

  async initialize(): Promise<this> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: this.version,
          capabilities: {},
          clientInfo: { name: 'load', version: '1' },
        },
      }),
    })
    const id = res.headers.get('mcp-session-id')
    await res.body?.cancel()
    if (res.status !== 200 || !id) throw new Error(`initialize: HTTP ${res.status}`)
    this.id = id
    const ack = await fetch(this.url, {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    })
    await ack.body?.cancel()
    return this
  }

  /** A tools/call; returns every message of the answer (the response last). */
  async call(name: string, args: Json, id = this.nextId++): Promise<Json[]> {
    const res = await this.post({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    })
    if (res.status !== 200) throw new Error(`tools/call ${name}: HTTP ${res.status} ${await res.text()}`)
    return answerMessages(res)
  }

  post(message: Json, signal?: AbortSignal): Promise<Response> {
    return fetch(this.url, {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify(message),
      ...(signal ? { signal } : {}),
    })
  }

  /** Resumes a stream after `lastEventId` (GET with Last-Event-ID). */
  resume(lastEventId: string, signal?: AbortSignal): Promise<Response> {
    return fetch(this.url, {
      headers: { ...this.headers, Accept: 'text/event-stream', 'Last-Event-ID': lastEventId },
      ...(signal ? { signal } : {}),
    })
  }

  /** Opens the standalone GET stream (server-initiated messages). */
  listen(signal?: AbortSignal): Promise<Response> {
    return fetch(this.url, {
      headers: { ...this.headers, Accept: 'text/event-stream' },
      ...(signal ? { signal } : {}),
    })
  }

  async close(): Promise<void> {
    const res = await fetch(this.url, { method: 'DELETE', headers: this.headers })
    await res.body?.cancel()
  }
}

/** The text of the first content block of a tools/call response. */
export const resultText = (m: Json | undefined): string | undefined => m?.result?.content?.[0]?.text

/** Runs `fn` for 0…n-1 with at most `concurrency` at once; returns results in order. */
export async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < n; i = next++) out[i] = await fn(i)
  }
  await Promise.all(Array.from({ length: Math.min(n, concurrency) }, worker))
  return out
}
