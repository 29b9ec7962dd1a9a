import { createAutoHandler } from '@edgemcp/sse'
import { modernMeta } from '@edgemcp/test-helpers'
import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createTestServer, type Env } from './fixtures/worker.js'
import { ACCEPT_BOTH, initializeBody, MCP_URL, workerFetch } from './helpers.js'

// The reference: the same transport served in one process with in-memory sessions, as on Node.
const reference = new Hono().route(
  '/mcp',
  createAutoHandler(
    createTestServer(env as unknown as Env, {
      mrtrSecret: 's',
      role: 'worker',
      closeSseStream: () => false,
    }),
    {
      keepAliveMs: 1_000,
    },
  ),
)

const json = { 'content-type': 'application/json', accept: ACCEPT_BOTH }
const modernHeaders = { ...json, 'mcp-protocol-version': '2026-07-28' }
const unknownSession = 'cd'.repeat(16)

interface Case {
  name: string
  init: RequestInit | (() => RequestInit)
  query?: string
}

const LIMIT = 4 * 1024 * 1024
/** A body sent in chunks, without Content-Length: only counting finds it too large. */
const chunked = (): RequestInit => {
  const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024))
  let left = 5
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- > 0) controller.enqueue(chunk)
      else controller.close()
    },
  })
  return { method: 'POST', headers: json, body, duplex: 'half' } as RequestInit
}

const cases: Case[] = [
  { name: 'no content type', init: { method: 'POST', headers: { accept: ACCEPT_BOTH }, body: '{}' } },
  {
    name: 'json-only accept',
    init: {
      method: 'POST',
      headers: { ...json, accept: 'application/json' },
      body: JSON.stringify(initializeBody()),
    },
  },
  { name: 'invalid JSON', init: { method: 'POST', headers: json, body: '{"jsonrpc":' } },
  { name: 'not JSON-RPC', init: { method: 'POST', headers: json, body: '{"hello":1}' } },
  {
    name: 'request without session',
    init: { method: 'POST', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
  },
  {
    name: 'batch without session',
    init: { method: 'POST', headers: json, body: JSON.stringify([initializeBody()]) },
  },
  {
    name: 'initialize without params',
    init: { method: 'POST', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"initialize"}' },
  },
  {
    name: 'unknown session',
    init: {
      method: 'POST',
      headers: { ...json, 'mcp-session-id': unknownSession },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    },
  },
  {
    name: 'initialize on unknown session',
    init: {
      method: 'POST',
      headers: { ...json, 'mcp-session-id': unknownSession },
      body: JSON.stringify(initializeBody()),
    },
  },
  {
    name: 'malformed session id',
    init: {
      method: 'POST',
      headers: { ...json, 'mcp-session-id': 'x' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    },
  },
  { name: 'GET without session', init: { method: 'GET', headers: { accept: 'application/json' } } },
  {
    name: 'GET unknown session',
    init: { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': unknownSession } },
  },
  { name: 'DELETE without session', init: { method: 'DELETE' } },
  {
    name: 'DELETE unknown session',
    init: { method: 'DELETE', headers: { 'mcp-session-id': unknownSession } },
  },
  { name: 'PUT', init: { method: 'PUT', headers: json, body: '{}' } },
  {
    name: 'modern initialize',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, 'mcp-method': 'initialize' },
      body: JSON.stringify({ ...initializeBody(), params: { _meta: modernMeta() } }),
    },
  },
  {
    name: 'modern header mismatch',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, 'mcp-method': 'tools/call', 'mcp-name': 'other' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'a' }, _meta: modernMeta() },
      }),
    },
  },
  {
    name: 'modern request without _meta',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, 'mcp-method': 'tools/list' },
      body: '{"jsonrpc":"2.0","id":3,"method":"tools/list"}',
    },
  },
  {
    name: 'listen without SSE accept',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, accept: 'application/json', 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'subscriptions/listen',
        params: { notifications: {}, _meta: modernMeta() },
      }),
    },
  },
  {
    name: 'listen without filter',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'subscriptions/listen',
        params: { _meta: modernMeta() },
      }),
    },
  },
  {
    // Served by the Worker (its headers settle the route, see `routeByHeaders`), refused as by the hub.
    name: 'listen under another Mcp-Method',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, 'mcp-method': 'tools/list' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 6,
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: modernMeta() },
      }),
    },
  },
  {
    name: 'legacy initialize under 2026-07-28 headers',
    init: {
      method: 'POST',
      headers: { ...modernHeaders, 'mcp-method': 'initialize' },
      body: JSON.stringify(initializeBody()),
    },
  },
  {
    name: 'too large by Content-Length',
    init: { method: 'POST', headers: json, body: 'x'.repeat(LIMIT + 1) },
  },
  { name: 'too large, chunked', init: chunked },
  {
    name: 'not UTF-8',
    init: { method: 'POST', headers: json, body: new Uint8Array([0x7b, 0xff, 0x7d]) },
  },
  {
    name: 'not UTF-8, chunked',
    init: () =>
      ({
        method: 'POST',
        headers: json,
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"'))
            controller.enqueue(new Uint8Array([0xc3]))
            controller.enqueue(new TextEncoder().encode('initialize"}'))
            controller.close()
          },
        }),
        duplex: 'half',
      }) as RequestInit,
  },
  {
    name: 'SSE message to unknown session',
    query: `?sessionId=${unknownSession}`,
    init: { method: 'POST', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
  },
  {
    name: 'SSE message with empty session',
    query: '?sessionId=',
    init: { method: 'POST', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
  },
]

const summary = async (r: Response) => ({
  status: r.status,
  allow: r.headers.get('allow'),
  session: r.headers.get('mcp-session-id'),
  body: await r.text(),
})

describe('bad input on Workers is answered as by the plain transport', () => {
  it.each(cases)('$name', async ({ init, query = '' }) => {
    const url = `${MCP_URL}${query}`
    const request = () => (typeof init === 'function' ? init() : init)
    const want = await summary(await reference.request(url, request()))
    const got = await summary(await workerFetch(url, request()))
    expect(got).toEqual(want)
    expect(got.body).toContain('"error"')
    expect(got.session).toBeNull()
  })
})
