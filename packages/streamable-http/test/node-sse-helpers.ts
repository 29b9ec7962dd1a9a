import type { JsonRpcNotification, ServerSession } from '@edgemcp/core'
import { Hono } from 'hono'
import type { MiddlewareHandler } from 'hono'
import { eventually } from '@edgemcp/test-helpers'
import { expect, onTestFinished } from 'vitest'
import { createMcpHandler, type McpHandler } from '../src/handler.js'
import type { McpHandlerOptions } from '../src/options.js'
import { type RunningServer, serve } from '../src/node.js'
import { SseParser } from '../src/sse-parser.js'
import { makeServer, postInit } from './helpers.js'

export const REV = '2025-11-25'

export interface NodeFixture {
  url: string
  mcp: McpHandler
  running: RunningServer
  /** For each GET answered: whether the Response handed to @hono/node-server had no body (the direct path). */
  getBodies: Array<'none' | 'stream'>
  close(): Promise<void>
}

/**
 * createMcpHandler mounted in an outer Hono app (optionally behind middleware) on `serve()`, i.e. real
 * node:http via @hono/node-server. A probe middleware records what kind of Response each GET returned.
 * Call it inside a test: the server is closed when the test finishes (if the test has not closed it).
 */
export async function startNode(
  options: McpHandlerOptions = {},
  middleware: MiddlewareHandler[] = [],
): Promise<NodeFixture> {
  const mcp = createMcpHandler(makeServer(), options)
  const getBodies: NodeFixture['getBodies'] = []
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    if (c.req.method === 'GET' && c.res.status === 200)
      getBodies.push(c.res.body === null ? 'none' : 'stream')
  })
  for (const m of middleware) app.use('*', m)
  app.route('/', mcp)
  const running = await serve(app)
  let closed: Promise<void> | undefined
  const close = () => (closed ??= running.close())
  onTestFinished(close)
  return { url: `${running.url}/`, mcp, running, getBodies, close }
}

/**
 * A legacy session opened with raw requests (through `send`, `fetch` by default: e.g. a Hono app's
 * `request`); `headers` name it on later requests.
 */
export async function openSession(
  url: string,
  send: (url: string, init: RequestInit) => Response | Promise<Response> = fetch,
): Promise<{ id: string; headers: Record<string, string> }> {
  const post = (body: unknown, headers: Record<string, string> = {}) => send(url, postInit(body, headers))
  const init = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: REV, capabilities: {}, clientInfo: { name: 'node-sse', version: '1' } },
  })
  await init.text()
  const id = init.headers.get('mcp-session-id') as string
  const headers = { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': REV }
  const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
  await initialized.text()
  return { id, headers }
}

export const getStream = (url: string, headers: Record<string, string>, signal?: AbortSignal) =>
  fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, ...(signal ? { signal } : {}) })

/** A numbered log notification: distinct messages, to count losses and duplicates. */
export const numbered = (n: number): JsonRpcNotification => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data: `n${n}` },
})

export async function sessionOf(f: NodeFixture, id: string): Promise<ServerSession> {
  const session = await f.mcp.sessions.get(id)
  if (!session) throw new Error(`no session ${id}`)
  return session
}

/** The raw text of an SSE response as it arrives. */
export function rawText(response: Response) {
  if (!response.body) throw new Error('no body')
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  let ended = false
  let endedWith: 'done' | 'error' | undefined
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        text += value
      }
      endedWith = 'done'
    } catch {
      endedWith = 'error' // cancelled or cut
    }
    ended = true
  })()
  const self = {
    get text() {
      return text
    },
    get ended() {
      return ended
    },
    /** How the body ended: 'done' (the server ended the response) or 'error' (cut, cancelled). */
    get endedWith() {
      return endedWith
    },
    /** Waits until `pred(text)` holds; fails at once if the stream ends without it. */
    async until(pred: (text: string) => boolean): Promise<string> {
      await eventually(() => expect(pred(text) || ended).toBe(true), { interval: 5 })
      if (!pred(text)) throw new Error(`the SSE response ended without: ${JSON.stringify(text.slice(-300))}`)
      return text
    },
    async untilEnded(): Promise<string> {
      await eventually(() => expect(ended, 'the SSE response has ended').toBe(true), { interval: 5 })
      return text
    },
    cancel: () => reader.cancel().catch(() => {}),
  }
  return self
}

/** The `data` of the numbered notifications in SSE text, with the event id each came with. */
export function numberedEvents(text: string): Array<{ id: string | undefined; n: string }> {
  const out: Array<{ id: string | undefined; n: string }> = []
  const parser = new SseParser({
    onEvent: (e) => {
      if (e.data === '') return
      const message = JSON.parse(e.data) as { method?: string; params?: { data?: string } }
      if (message.method !== 'notifications/message') return
      out.push({ id: e.hasId ? e.lastEventId : undefined, n: String(message.params?.data) })
    },
  })
  parser.push(text)
  return out
}
