import type { JsonRpcMessage, JsonRpcResponse, RequestId } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { eventIdOf, InMemoryEventStore, type StoredEvent, type StreamInfo } from '../src/event-store.js'
import { createMcpFetchHandler } from '../src/fetch-handler.js'
import { fetchHandler } from '../src/request-context.js'
import { InMemorySessionStore } from '../src/session-store.js'
import { StoreUnavailableError } from '../src/store-error.js'
import { appClient } from './app-client.js'
import { type Json, makeServer, slowCall, sseEvents } from './helpers.js'

/**
 * The optional store methods a fleet of instances sharing one store needs (EventStore.open/end/follow,
 * SessionStore.forwardResponse/forwardCancel, StoreUnavailableError → 503), driven through the handler with
 * test doubles. @edgemcp/redis implements them on a real Redis and tests them across real instances.
 */

const REV = '2025-11-25'

/** A handler with the given stores, as an `appClient` (fetch handler, requests in process). */
function clientOf(options: Parameters<typeof createMcpFetchHandler>[1]) {
  const mcp = createMcpFetchHandler(makeServer(), options)
  return appClient({ request: (url, init) => mcp(new Request(url, init)) })
}

describe('StoreUnavailableError', () => {
  it('makes POST, GET and DELETE of a session answer 503 with Retry-After, not 500', async () => {
    class Flaky extends InMemorySessionStore {
      down = false
      override get(id: string) {
        if (this.down) throw new StoreUnavailableError('session store unreachable', { retryAfterSeconds: 2 })
        return super.get(id)
      }
    }
    const sessions = new Flaky()
    const client = clientOf({ sessionStore: sessions })
    const { headers } = await client.initialize(REV)
    sessions.down = true
    const post = await client.post({ jsonrpc: '2.0', id: 5, method: 'tools/list' }, headers)
    expect(post.status).toBe(503)
    expect(post.headers.get('retry-after')).toBe('2')
    const body = (await post.json()) as Json
    expect(body.error.code).toBe(-32603)
    expect(body.error.message).toMatch(/Service Unavailable: session store unreachable/)
    for (const res of [await client.get(headers), await client.del(headers)]) {
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('2')
    }
    sessions.down = false
    expect((await client.post({ jsonrpc: '2.0', id: 6, method: 'tools/list' }, headers)).status).toBe(200)
  })

  it('leaves other errors as they were (a store bug is a 500, not a 503)', async () => {
    const sessions = new InMemorySessionStore()
    const client = clientOf({ sessionStore: sessions })
    const { headers } = await client.initialize(REV)
    sessions.get = () => Promise.reject(new TypeError('bug'))
    const res = await client.post({ jsonrpc: '2.0', id: 5, method: 'tools/list' }, headers)
    expect(res.status).toBe(500)
    expect(res.headers.get('retry-after')).toBeNull()
  })
})

describe('SessionStore.forwardResponse / forwardCancel', () => {
  class Forwarding extends InMemorySessionStore {
    responses: Array<[string, JsonRpcResponse]> = []
    cancels: Array<[string, RequestId, string | undefined]> = []
    awaitedElsewhere = true
    async forwardResponse(sessionId: string, response: JsonRpcResponse) {
      this.responses.push([sessionId, response])
      return this.awaitedElsewhere
    }
    async forwardCancel(sessionId: string, requestId: RequestId, reason: string | undefined) {
      this.cancels.push([sessionId, requestId, reason])
    }
  }

  it('hands a response no request here awaits to the store: 202 when awaited elsewhere, else refused', async () => {
    const sessions = new Forwarding()
    const client = clientOf({ sessionStore: sessions })
    const { headers, sessionId } = await client.initialize(REV)
    const answer = { jsonrpc: '2.0', id: 'elsewhere-1', result: { action: 'accept', content: {} } }
    const res = await client.post(answer, headers)
    expect(res.status).toBe(202)
    expect(sessions.responses).toEqual([[sessionId, answer]])
    sessions.awaitedElsewhere = false
    expect((await client.post({ ...answer, id: 'elsewhere-2' }, headers)).status).toBe(400)
    expect(sessions.responses).toHaveLength(2)
  })

  it('resolves a response awaited here without asking the store', async () => {
    const sessions = new Forwarding()
    const client = clientOf({ sessionStore: sessions })
    const { headers } = await client.initialize(REV, { elicitation: {} })
    const call = await client.post(
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'confirm', arguments: {} } },
      headers,
    )
    const stream = sseEvents(call)
    const asked = (await stream.message()) as Json
    expect(asked.method).toBe('elicitation/create')
    const answered = await client.post(
      { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { ok: true } } },
      headers,
    )
    expect(answered.status).toBe(202)
    expect(((await stream.message()) as Json).result.content[0].text).toBe('accept:{"ok":true}')
    expect(sessions.responses).toEqual([])
  })

  it('passes on notifications/cancelled for a request not in flight here', async () => {
    const sessions = new Forwarding()
    const client = clientOf({ sessionStore: sessions })
    const { headers, sessionId } = await client.initialize(REV)
    const cancel = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 41, reason: 'no' },
    }
    expect((await client.post(cancel, headers)).status).toBe(202)
    expect(sessions.cancels).toEqual([[sessionId, 41, 'no']])
  })
})

describe('EventStore.open / end / follow', () => {
  /** An in-memory store that records open/end and lets a test feed a stream "live elsewhere". */
  class Shared extends InMemoryEventStore {
    opened: Array<[string, StreamInfo]> = []
    ended: string[] = []
    #listeners = new Map<string, (e: StoredEvent | 'end') => void>()
    open(streamId: string, info: StreamInfo) {
      this.opened.push([streamId, info])
    }
    async end(streamId: string) {
      this.ended.push(streamId)
      this.#listeners.get(streamId)?.('end')
    }
    override async append(streamId: string, message: JsonRpcMessage | null) {
      const id = await super.append(streamId, message)
      if (message) this.#listeners.get(streamId)?.({ id, message })
      return id
    }
    async *follow(streamId: string, _after: string, signal: AbortSignal): AsyncIterable<StoredEvent> {
      const queue: Array<StoredEvent | 'end'> = []
      let wake: (() => void) | undefined
      this.#listeners.set(streamId, (e) => {
        queue.push(e)
        wake?.()
      })
      signal.addEventListener('abort', () => wake?.())
      while (!signal.aborted) {
        const next = queue.shift()
        if (next === 'end') return
        if (next) yield next
        else await new Promise<void>((r) => (wake = r))
      }
    }
  }

  it('are told of a POST stream (with the request it answers) and of its end', async () => {
    const events = new Shared()
    const client = clientOf({ eventStore: events })
    const { headers, sessionId } = await client.initialize(REV)
    const res = await client.post(slowCall(9, 2), headers)
    const rest = await sseEvents(res).rest()
    expect(rest.at(-1)?.id).toBe(9)
    expect(events.opened).toHaveLength(1)
    const [streamId, info] = events.opened[0]!
    expect(streamId.startsWith(`${sessionId}.`)).toBe(true)
    expect(info).toEqual({ sessionId, answering: 9 })
    await expect.poll(() => events.ended).toEqual([streamId])
  })

  it('resume a stream not live here from the store: replay, then what follows, until it ends', async () => {
    const events = new Shared()
    const client = clientOf({ eventStore: events })
    const { headers, sessionId } = await client.initialize(REV)
    // A stream "written by another instance": the priming event and one message so far.
    const streamId = `${sessionId}.elsewhere`
    const primed = await events.append(streamId, null)
    const note = (n: number): JsonRpcMessage => ({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: n },
    })
    await events.append(streamId, note(1))
    const resumed = sseEvents(await client.get({ ...headers, 'Last-Event-ID': primed }))
    const first = (await resumed.message()) as Json
    expect(first.params.data).toBe(1)
    expect(first.__id).toBe(eventIdOf(streamId, 1))
    await expect.poll(() => events.opened.length === 0).toBe(true)
    await events.append(streamId, note(2))
    const second = (await resumed.message()) as Json
    expect([second.params.data, second.__id]).toEqual([2, eventIdOf(streamId, 2)])
    await events.end(streamId)
    expect(await resumed.message()).toBeUndefined()
  })

  it('without follow, a stream not live here is replayed and closed (one instance: the default)', async () => {
    const events = new InMemoryEventStore()
    const mcp = createMcpFetchHandler(makeServer(), { eventStore: events })
    const client = appClient({ request: (url, init) => fetchHandler(mcp.serve)(new Request(url, init)) })
    const { headers, sessionId } = await client.initialize(REV)
    const streamId = `${sessionId}.gone`
    const primed = await events.append(streamId, null)
    await events.append(streamId, { jsonrpc: '2.0', id: 3, result: {} })
    const resumed = sseEvents(await client.get({ ...headers, 'Last-Event-ID': primed }))
    expect(await resumed.rest()).toEqual([{ jsonrpc: '2.0', id: 3, result: {}, __id: `${streamId}:1` }])
  })
})
