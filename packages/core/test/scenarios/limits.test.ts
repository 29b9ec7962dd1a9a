import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it, vi } from 'vitest'
import {
  MAX_CLIENT_DESCRIPTION_LENGTH,
  MAX_ID_LENGTH,
  MAX_PENDING_SERVER_REQUESTS,
  MAX_PROGRESS_TOKEN_LENGTH,
  MAX_SUBSCRIPTION_URI_LENGTH,
  MAX_SUBSCRIPTIONS,
} from '../../src/protocol/limits.js'
import type { JsonRpcMessage } from '../../src/jsonrpc/types.js'
import { McpServer } from '../../src/server/mcp-server.js'
import { ServerSession } from '../../src/server/session.js'

// Budgets on what a client can make the server hold or echo (issue 20): each refusal is a clear JSON-RPC
// error, never a 5xx, and nothing of the oversized value is echoed back.

const MODERN = modernMeta()

function makeServer() {
  const server = new McpServer({ name: 'limits', version: '1.0.0' }, { mrtrSecret: 'test' })
  server.resource('note://1', { name: 'one' }, (uri) => ({ contents: [{ uri, text: '1' }] }))
  server.tool('boom', {}, () => {
    throw new Error('SQLITE_TOOBIG: string or blob too big (at /srv/app/db.ts:12)')
  })
  server.prompt('deep', {}, () => {
    throw new RangeError('Maximum call stack size exceeded')
  })
  return server
}

async function legacySession(server: McpServer) {
  const r = await server.handle({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  })
  return r.session!
}

const body = (r: { body: unknown }) => r.body as { id?: unknown; error?: { code: number; message: string } }

describe('echoed client values are bounded', () => {
  it('a string id longer than MAX_ID_LENGTH is an invalid request answered with id null', async () => {
    const server = makeServer()
    const long = 'x'.repeat(MAX_ID_LENGTH + 1)
    const r = await server.handle({
      jsonrpc: '2.0',
      id: long,
      method: 'tools/list',
      params: { _meta: MODERN },
    })
    expect(r.status).toBe(400)
    expect(body(r).error?.code).toBe(-32600)
    expect(body(r).id).toBeUndefined()
    expect(JSON.stringify(r.body).length).toBeLessThan(500)
    const ok = 'y'.repeat(MAX_ID_LENGTH)
    const fine = await server.handle({
      jsonrpc: '2.0',
      id: ok,
      method: 'tools/list',
      params: { _meta: MODERN },
    })
    expect(body(fine).id).toBe(ok)
  })

  it('a subscriptions/listen with an overlong id never starts streaming', async () => {
    const server = makeServer()
    const sent: JsonRpcMessage[] = []
    const r = await server.handle(
      {
        jsonrpc: '2.0',
        id: 'i'.repeat(4_000_000),
        method: 'subscriptions/listen',
        params: { _meta: MODERN, notifications: { toolsListChanged: true } },
      },
      { emit: (m) => void sent.push(m) },
    )
    expect(body(r).error?.code).toBe(-32600)
    expect(sent).toEqual([])
  })

  it('a progress token longer than MAX_PROGRESS_TOKEN_LENGTH, or not a string or number, is -32602', async () => {
    const server = makeServer()
    for (const progressToken of ['t'.repeat(MAX_PROGRESS_TOKEN_LENGTH + 1), { a: 1 }, [1], true]) {
      const r = await server.handle({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/list',
        params: { _meta: { ...MODERN, progressToken } },
      })
      expect(body(r).error?.code).toBe(-32602)
      expect(body(r).error?.message).toContain('_meta.progressToken')
      expect(body(r).id).toBe(2)
    }
    for (const progressToken of ['t'.repeat(MAX_PROGRESS_TOKEN_LENGTH), 7, 1.5]) {
      const r = await server.handle({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/list',
        params: { _meta: { ...MODERN, progressToken } },
      })
      expect(body(r).error).toBeUndefined()
    }
  })
})

describe('what a session keeps is bounded', () => {
  it('resources/subscribe refuses an overlong uri and more than MAX_SUBSCRIPTIONS uris (-32602)', async () => {
    const server = makeServer()
    const session = await legacySession(server)
    const subscribe = (uri: string) =>
      server.handle({ jsonrpc: '2.0', id: 9, method: 'resources/subscribe', params: { uri } }, { session })
    const long = await subscribe(`note://${'x'.repeat(MAX_SUBSCRIPTION_URI_LENGTH)}`)
    expect(body(long).error?.code).toBe(-32602)
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++)
      expect(body(await subscribe(`note://${i}`)).error).toBeUndefined()
    expect(body(await subscribe('note://one-more')).error?.code).toBe(-32602)
    // Subscribing again to a uri it holds is fine.
    expect(body(await subscribe('note://0')).error).toBeUndefined()
    expect(session.subscriptions.size).toBe(MAX_SUBSCRIPTIONS)
    expect(JSON.stringify(session.snapshot()).length).toBeLessThan(64 * 1024)
  })

  it('subscriptions/listen bounds its resourceSubscriptions the same way', async () => {
    const server = makeServer()
    const listen = (uris: string[]) =>
      server.handle({
        jsonrpc: '2.0',
        id: 4,
        method: 'subscriptions/listen',
        params: { _meta: MODERN, notifications: { resourceSubscriptions: uris } },
      })
    expect(body(await listen(['a'.repeat(MAX_SUBSCRIPTION_URI_LENGTH + 1)])).error?.code).toBe(-32602)
    const many = Array.from({ length: MAX_SUBSCRIPTIONS + 1 }, (_, i) => `note://${i}`)
    expect(body(await listen(many)).error?.code).toBe(-32602)
  })

  it('initialize refuses capabilities and clientInfo larger than MAX_CLIENT_DESCRIPTION_LENGTH', async () => {
    const server = makeServer()
    const r = await server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-03-26',
        capabilities: { experimental: { blob: 'b'.repeat(MAX_CLIENT_DESCRIPTION_LENGTH) } },
        clientInfo: { name: 't', version: '1' },
      },
    })
    expect(body(r).error?.code).toBe(-32602)
  })

  it(`at most ${MAX_PENDING_SERVER_REQUESTS} server→client requests wait for answers at once`, async () => {
    const session = new ServerSession(undefined, { requestTimeoutMs: 60_000 })
    session.attach(() => {})
    const waiting = Array.from({ length: MAX_PENDING_SERVER_REQUESTS }, () =>
      session.request('roots/list', {}),
    )
    await expect(session.request('roots/list', {})).rejects.toThrow(/unanswered/)
    expect(session.pendingCount).toBe(MAX_PENDING_SERVER_REQUESTS)
    session.close()
    await Promise.allSettled(waiting)
  })
})

describe('internal errors', () => {
  it('reach the client as a generic message with a correlation id; the details go to the log', async () => {
    const server = makeServer()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const session = await legacySession(server)
      const r = await server.handle(
        { jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'deep' } },
        { session },
      )
      const error = body(r).error as { code: number; message: string; data?: { correlationId?: string } }
      expect(error.code).toBe(-32603)
      expect(error.message).not.toMatch(/stack|Maximum/)
      const id = error.data?.correlationId
      expect(id).toMatch(/^[0-9a-f]{12}$/)
      expect(error.message).toContain(id)
      expect(log).toHaveBeenCalledWith(expect.stringContaining(id!), expect.any(RangeError))
    } finally {
      log.mockRestore()
    }
  })

  it('a nested-array cursor is -32602, not a stack overflow', async () => {
    const server = makeServer()
    let cursor: unknown = []
    for (let i = 0; i < 100_000; i++) cursor = [cursor]
    const r = await server.handle({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/list',
      params: { _meta: MODERN, cursor },
    })
    expect(body(r).error?.code).toBe(-32602)
  })
})
