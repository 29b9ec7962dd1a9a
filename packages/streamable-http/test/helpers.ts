import { McpServer } from '@edgemcp/core'
import { expect } from 'vitest'
import { addTool } from '../../core/test/helpers/add-tool.js'
import { validateAgainstSpec } from '../../core/test/helpers/spec-validator.js'
import { type SseEvent, SseParser } from '../src/sse-parser.js'

export type Json = Record<string, any>

import { MODERN } from '@edgemcp/test-helpers'

export { MODERN, modernMeta } from '@edgemcp/test-helpers'

/** A server with the tools the tests use. */
/** A raw JSON-RPC POST's request init as a Streamable HTTP client sends it (accepting JSON or SSE). */
export const postInit = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    ...headers,
  },
  body: JSON.stringify(body),
})

/** A raw JSON-RPC POST as a Streamable HTTP client sends it (see `postInit`). */
export const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, postInit(body, headers))

/** The headers a 2026-07-28 request mirrors from its body: version, method and (tools/call, …) name. */
export const modernHeaders = (method: string, name?: string) => ({
  'MCP-Protocol-Version': MODERN,
  'Mcp-Method': method,
  ...(name === undefined ? {} : { 'Mcp-Name': name }),
})

export function makeServer(): McpServer {
  const server = addTool(new McpServer({ name: 'http-test', version: '1.0.0' }, { mrtrSecret: 'test' }))
  server.tool(
    'slow',
    { inputSchema: { type: 'object', properties: { steps: { type: 'integer' } } } },
    async (args, ctx) => {
      const steps = Number(args.steps ?? 3)
      for (let i = 1; i <= steps; i++) {
        await ctx.progress(i, steps, `step ${i}`)
        await new Promise((r) => setTimeout(r, 5))
      }
      return { content: [{ type: 'text', text: `done ${steps}` }] }
    },
  )
  server.tool('confirm', {}, async (_args, ctx) => {
    const r = await ctx.elicit({
      message: 'Sure?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    })
    return { content: [{ type: 'text', text: `${r.action}:${JSON.stringify(r.content ?? {})}` }] }
  })
  server.tool(
    'query',
    {
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          limit: { type: 'integer', 'x-mcp-header': 'Limit' },
          sql: { type: 'string' },
        },
        required: ['sql'],
      },
    },
    (args) => ({ content: [{ type: 'text', text: `${String(args.region)}:${String(args.sql)}` }] }),
  )
  return server
}

/** A tools/call of makeServer's `slow` tool asking for progress: `steps` progress notifications, then the result. */
export const slowCall = (id: number | string, steps: number, progressToken: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'slow', arguments: { steps }, _meta: { progressToken } },
})

/** Asserts a value is valid for a definition of a revision's official schema. */
export function expectSpec(revision: string, defName: string, value: unknown): void {
  const r = validateAgainstSpec(revision, defName, value)
  expect(r.errors, `${defName}@${revision}: ${JSON.stringify(value)}`).toEqual([])
}

/** Every server→client message of a legacy revision: a response, a notification or a request. */
export function expectLegacyMessage(revision: string, message: Json): void {
  if ('method' in message)
    expectSpec(revision, 'id' in message ? 'ServerRequest' : 'ServerNotification', message)
  expectSpec(revision, 'JSONRPCMessage', message)
}

/** Reads an SSE response event by event. */
export function sseEvents(response: Response) {
  if (!response.body) throw new Error('no body')
  const queue: SseEvent[] = []
  const waiters: Array<(e: SseEvent | undefined) => void> = []
  let ended = false
  let retry: number | undefined
  const parser = new SseParser({
    onEvent: (e) => {
      const w = waiters.shift()
      if (w) w(e)
      else queue.push(e)
    },
    onRetry: (ms) => {
      retry = ms
    },
  })
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.push(value)
      }
    } catch {
      // cancelled
    }
    ended = true
    for (const w of waiters.splice(0)) w(undefined)
  })()
  return {
    get retry() {
      return retry
    },
    /** The next event, or undefined when the stream ended. */
    next(timeoutMs = 3000): Promise<SseEvent | undefined> {
      const e = queue.shift()
      if (e) return Promise.resolve(e)
      if (ended) return Promise.resolve(undefined)
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('timed out waiting for an SSE event')), timeoutMs)
        waiters.push((ev) => {
          clearTimeout(t)
          resolve(ev)
        })
      })
    },
    /** The next event carrying a JSON message (skips priming events). */
    async message(timeoutMs = 3000): Promise<Json | undefined> {
      for (;;) {
        const e = await this.next(timeoutMs)
        if (!e) return undefined
        if (e.data !== '') return { ...JSON.parse(e.data), __id: e.hasId ? e.lastEventId : undefined }
      }
    },
    /** All remaining JSON messages until the stream ends. */
    async rest(timeoutMs = 3000): Promise<Json[]> {
      const out: Json[] = []
      for (;;) {
        const m = await this.message(timeoutMs)
        if (!m) return out
        out.push(m)
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  }
}

/** Drops the test-only `__id` field. */
export const strip = ({ __id: _id, ...m }: Json): Json => m
