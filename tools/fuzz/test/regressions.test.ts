import { createSseHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { describe, expect, it } from 'vitest'
import { modernMeta } from '../src/arbitraries/messages.js'
import { makeFuzzServer, MODERN } from '../src/server.js'
import { SseSession } from '../src/targets/sse-client.js'
import { JSON_HEADERS, type Send } from '../src/targets/target.js'
import { checkGuards, settle, withOnlyGuards } from '../src/guards.js'
import { initSession } from '../src/targets/streamable-client.js'
import { bodyProblems, messageProblems } from '../src/validate.js'

/**
 * Minimal counterexamples of the bugs the fuzzer found (see docs/hardening.md). Written as `it.fails` while
 * the bug was there; fixed in core (0b203af), so they are plain regression tests now. A bug found later goes
 * here as `it.fails` and into src/known-bugs.ts until it is fixed.
 */
describe('regression non-integer-id-echoed (core jsonrpc/codec.ts isId)', () => {
  it('Streamable HTTP: a request with id 1.5 is refused with an MCP-valid error', async () => {
    const mcp = createMcpHandler(makeFuzzServer())
    const res = await mcp.request('/', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'ping' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'ping', params: { _meta: modernMeta() } }),
    })
    const body = await res.json()
    expect(res.status).toBe(400)
    expect(body.error.code).toBe(-32600)
    expect(messageProblems(body)).toEqual([])
  })

  it('HTTP+SSE: a message with id 1e-300 is refused with an MCP-valid error', async () => {
    const app = createSseHandler(makeFuzzServer(), { keepAliveMs: 0 })
    const send: Send = async (path, init) => app.request(`http://localhost${path}`, init)
    const session = await SseSession.open(send, '/sse', '2025-03-26')
    try {
      const res = await send(session.endpoint, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1e-300, method: 'ping' }),
      })
      expect(res.status).toBe(400)
      expect(messageProblems(await res.json())).toEqual([])
      expect(await session.probe('after')).toEqual([])
      expect(session.takeProblems()).toEqual([])
    } finally {
      session.close()
      app.closeAll()
    }
  })
})

/** `[[[…]]]`, `depth` arrays deep: the 10,000-deep nesting of the hardening issue, as a batch. */
const nestedBatch = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('regression nested-batch-recursion (core server/handle.ts handleBatch)', () => {
  it('Streamable HTTP, 2025-03-26 session: a batch nested 10,000 deep is answered with -32600, not 500', async () => {
    const mcp = createMcpHandler(makeFuzzServer())
    const send: Send = async (path, init) => mcp.request(`http://localhost${path}`, init)
    const sid = await initSession(send, '/', '2025-03-26')
    const res = await send('/', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-03-26' },
      body: nestedBatch(10_000),
    })
    expect(res.status).toBeLessThan(500)
    const body = await res.json()
    expect(bodyProblems(body)).toEqual([]) // a batch answer: one Invalid Request for the nested element
    expect(JSON.stringify(body)).toContain('-32600')
  })

  it('HTTP+SSE, 2025-03-26 session: the same batch leaves no unhandled rejection', async () => {
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
