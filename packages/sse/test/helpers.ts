import { type JsonRpcMessage, McpServer, type Transport } from '@edgemcp/core'
import { SseParser } from '@edgemcp/streamable-http/internal'
import { serve } from '@edgemcp/streamable-http/node'
import { Hono } from 'hono'
import { afterEach } from 'vitest'
import { createSseHandler, type SseHandlerOptions } from '../src/index.js'

export type Json = Record<string, any>

/** A server with a tool, a resource and an elicitation tool; `elicitOutcome` records how each `ask` ended. */
export function makeServer(name = 'sse-test') {
  const server = new McpServer({ name, version: '1.0.0' }, { requestTimeoutMs: 10_000 })
  const elicitOutcomes: Array<Promise<string>> = []
  server.tool(
    'add',
    {
      description: 'Adds two numbers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
  )
  server.tool('ask', { description: 'Asks the user for a name' }, async (_args, ctx) => {
    const asked = ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    })
    elicitOutcomes.push(
      asked.then(
        (r) => `answered:${r.action}`,
        (e: Error) => `rejected:${e.name}`,
      ),
    )
    const r = await asked
    return {
      content: [
        { type: 'text', text: `hello ${String((r.content as Json | undefined)?.name)} (${r.action})` },
      ],
    }
  })
  server.resource('note://hello', { name: 'hello', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'Hello, SSE' }],
  }))
  return { server, elicitOutcomes }
}

export interface Listening {
  url: string
  close(): Promise<void>
}

/** Serves a fetch app on 127.0.0.1, port 0 (the request alone: no node:http env, no Host check). */
export function listen(app: {
  fetch: (request: Request) => Response | Promise<Response>
}): Promise<Listening> {
  return serve({ fetch: (r: Request) => app.fetch(r) }, { allowedHosts: false })
}

/**
 * The servers and SSE readers of a test file, closed after each test. Call once at module level (it registers
 * an `afterEach`).
 */
export function sseTestbed() {
  let running: Listening[] = []
  let readers: EventReader[] = []
  afterEach(async () => {
    for (const r of readers) r.close()
    await Promise.all(running.map((r) => r.close()))
    running = []
    readers = []
  })
  const served = async (app: Parameters<typeof listen>[0]): Promise<Listening> => {
    const l = await listen(app)
    running.push(l)
    return l
  }
  return {
    /** Serves `app` until the test ends. */
    listen: served,
    /** Closes `reader` when the test ends. */
    keep(reader: EventReader): EventReader {
      readers.push(reader)
      return reader
    },
    /** `createSseHandler` on `makeServer()`, served (under `mount`, if given) until the test ends. */
    async start(options: SseHandlerOptions = {}, mount = '') {
      const made = makeServer()
      const handler = createSseHandler(made.server, options)
      const l = await served(mount ? new Hono().route(mount, handler) : handler)
      return { ...made, handler, url: l.url + mount }
    },
  }
}

/** An open SSE response read event by event. */
export class EventReader {
  readonly events: Array<{ event: string; data: string }> = []
  comments = 0
  ended = false
  private waiters: Array<() => void> = []
  private readonly controller = new AbortController()
  private paused: Promise<void> | undefined

  static async open(
    url: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; reader: EventReader }> {
    const reader = new EventReader()
    const response = await fetch(url, {
      headers: { Accept: 'text/event-stream' },
      ...init,
      signal: reader.controller.signal,
    })
    if (response.ok && response.body) void reader.pump(response.body)
    return { response, reader }
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = new SseParser({ onEvent: (e) => this.events.push({ event: e.event, data: e.data }) })
    const decoder = new TextDecoder()
    const r = body.getReader()
    try {
      for (;;) {
        if (this.paused) await this.paused
        const { done, value } = await r.read()
        if (done) break
        const text = decoder.decode(value, { stream: true })
        this.comments += text.split('\n').filter((l) => l.startsWith(':')).length
        parser.push(text)
        this.wake()
      }
    } catch {
      // aborted
    }
    this.ended = true
    this.wake()
  }

  private wake(): void {
    const w = this.waiters
    this.waiters = []
    for (const f of w) f()
  }

  /** Waits until `predicate` holds (checked after every chunk); `timeoutMs` is a hang guard, never a verdict. */
  async until<T>(predicate: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const v = predicate()
      if (v) return v
      if (Date.now() > deadline) throw new Error(`timed out; events: ${JSON.stringify(this.events)}`)
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }

  /** The first `message` event whose JSON matches. */
  message(match: (m: Json) => boolean, timeoutMs?: number): Promise<Json> {
    return this.until(() => {
      for (const e of this.events)
        if (e.event === 'message') {
          const m = JSON.parse(e.data) as Json
          if (match(m)) return m
        }
      return undefined
    }, timeoutMs)
  }

  endpoint(): Promise<string> {
    return this.until(() => this.events.find((e) => e.event === 'endpoint')?.data)
  }

  /** Stops reading the body (a client that no longer keeps up); until `close()`. */
  pause(): void {
    this.paused ??= new Promise<void>((resolve) =>
      this.controller.signal.addEventListener('abort', () => resolve(), { once: true }),
    )
  }

  close(): void {
    this.controller.abort()
  }
}

/** POSTs a JSON-RPC body (any JSON text) with the given headers. */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/**
 * A minimal JSON-RPC peer over a Transport (requests by id, server→client requests answered by `onRequest`):
 * enough to drive our client transports where a full client would hide what is on the wire.
 */
export class RpcPeer {
  private next = 1
  private readonly pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>()
  readonly notifications: Json[] = []
  onRequest: (m: Json) => Json | Promise<Json> = () => ({})

  constructor(readonly transport: Transport) {
    transport.onmessage = (v) => void this.receive(v as Json)
    transport.onclose = () => {
      for (const p of this.pending.values()) p.reject(new Error('closed'))
      this.pending.clear()
    }
  }

  async request(method: string, params: Json = {}): Promise<Json> {
    const id = this.next++
    const result = new Promise<Json>((resolve, reject) => this.pending.set(id, { resolve, reject }))
    try {
      await this.transport.send({ jsonrpc: '2.0', id, method, params } as JsonRpcMessage)
    } catch (e) {
      this.pending.delete(id)
      result.catch(() => {})
      throw e
    }
    return result
  }

  notify(method: string, params: Json = {}): Promise<void> {
    return this.transport.send({ jsonrpc: '2.0', method, params } as JsonRpcMessage)
  }

  /** initialize + notifications/initialized; returns the initialize result. */
  async initialize(protocolVersion: string, capabilities: Json = {}): Promise<Json> {
    const result = await this.request('initialize', {
      protocolVersion,
      capabilities,
      clientInfo: { name: 'rpc-peer', version: '1.0.0' },
    })
    await this.notify('notifications/initialized')
    return result
  }

  private async receive(m: Json): Promise<void> {
    if ('method' in m && 'id' in m) {
      const result = await this.onRequest(m)
      await this.transport.send({ jsonrpc: '2.0', id: m.id, result } as JsonRpcMessage)
    } else if ('method' in m) this.notifications.push(m)
    else {
      const p = this.pending.get(m.id)
      this.pending.delete(m.id)
      if (!p) return
      if ('error' in m) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }))
      else p.resolve(m.result)
    }
  }
}
