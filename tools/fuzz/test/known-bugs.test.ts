import { createSseHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { describe, expect, it } from 'vitest'
import { modernMeta } from '../src/arbitraries/messages.js'
import { makeFuzzServer, MODERN } from '../src/server.js'
import { SseSession } from '../src/targets/sse-client.js'
import { JSON_HEADERS, type Send } from '../src/targets/target.js'
import { checkGuards, settle, withOnlyGuards } from '../src/guards.js'
import { initSession } from '../src/targets/streamable-client.js'
import { messageProblems } from '../src/validate.js'

/**
 * Minimal counterexamples of the bugs in src/known-bugs.ts. `it.fails` while the bug is there: once a
 * package is fixed the test fails, and must become `it` (and its entry leaves KNOWN_BUGS).
 */
describe('known bug non-integer-id-echoed (core jsonrpc/codec.ts isId)', () => {
  it.fails('Streamable HTTP: a request with id 1.5 is answered with an MCP-valid id', async () => {
    const mcp = createMcpHandler(makeFuzzServer())
    const res = await mcp.request('/', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'ping' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'ping', params: { _meta: modernMeta() } }),
    })
    const body = await res.json()
    expect(body.id).toBe(1.5) // the request was read...
    expect(messageProblems(body)).toEqual([]) // ...and the answer is not an MCP JSONRPCResponse
  })

  it.fails('HTTP+SSE: the answer on the stream to id 1e-300 has an MCP-valid id', async () => {
    const app = createSseHandler(makeFuzzServer(), { keepAliveMs: 0 })
    const send: Send = async (path, init) => app.request(`http://localhost${path}`, init)
    const session = await SseSession.open(send, '/sse', '2025-03-26')
    try {
      await session.post({ jsonrpc: '2.0', id: 1e-300, method: 'ping' })
      await expect.poll(() => session.messages.length).toBeGreaterThan(1)
      const answer = session.messages.at(-1)
      expect(answer).toMatchObject({ id: 1e-300 })
      expect(session.takeProblems()).toEqual([])
    } finally {
      session.close()
      app.closeAll()
    }
  })
})

/** `[[[…]]]`, `depth` arrays deep: the 10,000-deep nesting of the hardening issue, as a batch. */
const nestedBatch = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('known bug nested-batch-recursion (core server/handle.ts handleBatch)', () => {
  it.fails('Streamable HTTP, 2025-03-26 session: a batch nested 10,000 deep gets a 4xx JSON-RPC error, not 500', async () => {
    const mcp = createMcpHandler(makeFuzzServer())
    const send: Send = async (path, init) => mcp.request(`http://localhost${path}`, init)
    const sid = await initSession(send, '/', '2025-03-26')
    const res = await send('/', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-03-26' },
      body: nestedBatch(10_000),
    })
    expect(res.status).toBeLessThan(500)
  })

  it.fails('HTTP+SSE, 2025-03-26 session: the same batch leaves no unhandled rejection', async () => {
    const app = createSseHandler(makeFuzzServer(), { keepAliveMs: 0 })
    const send: Send = async (path, init) => app.request(`http://localhost${path}`, init)
    const session = await SseSession.open(send, '/sse', '2025-03-26')
    try {
      const fired = await withOnlyGuards(async () => {
        checkGuards()
        const res = await send(session.endpoint, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: nestedBatch(10_000),
        })
        await res.body?.cancel()
        await settle()
        return checkGuards()
      })
      expect(fired).toEqual([])
    } finally {
      session.close()
      app.closeAll()
    }
  })
})
