import { MODERN, modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { startInteropServer } from './fixture.js'
import { type Json, specProblems } from './traffic.js'

const ACCEPT = 'application/json, text/event-stream'

/**
 * The same bad inputs as test/input.test.ts and test/legacy.test.ts (which use app.request()), here over a real
 * socket, one server for all: each gets its status and a valid JSON-RPC error, and a good request right after
 * it succeeds on the same session.
 */
describe('bad input over loopback HTTP: the right error, and the server keeps serving', () => {
  it('malformed JSON, content types, oversized bodies, unknown sessions, responses, batches', async () => {
    const fx = await startInteropServer({ maxBodyBytes: 4096 })
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(fx.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
        body,
      })
    const init = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    )
    const session = {
      'Mcp-Session-Id': init.headers.get('mcp-session-id') as string,
      'MCP-Protocol-Version': '2025-06-18',
    }
    await init.body?.cancel()
    expect((await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', session)).status).toBe(202)

    let good = 100
    const goodCall = async () => {
      const id = good++
      const res = await post(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: id, b: 1 } },
        }),
        session,
      )
      expect(res.status).toBe(200)
      expect(((await res.json()) as Json).result.content[0].text).toBe(String(id + 1))
    }
    const call = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 1 } },
      })

    // [label, body, headers, status, JSON-RPC code, revision whose schema the error must satisfy]
    const cases: Array<[string, string, Record<string, string>, number, number, string]> = [
      ['malformed JSON', '{"jsonrpc": "2.0", "id": 1,', session, 400, -32700, '2025-11-25'],
      ['text/plain body', call(2), { ...session, 'Content-Type': 'text/plain' }, 415, -32600, '2025-11-25'],
      ['Accept without SSE', call(3), { ...session, Accept: 'application/json' }, 406, -32600, '2025-11-25'],
      [
        'a body over maxBodyBytes',
        call(4).replace('}}}', `}, "pad": "${'x'.repeat(5000)}"}}`),
        session,
        413,
        -32600,
        '2025-11-25',
      ],
      [
        'an unknown session',
        call(5),
        { ...session, 'Mcp-Session-Id': 'f'.repeat(32) },
        404,
        -32600,
        '2025-06-18',
      ],
      ['a batch on 2025-06-18', `[${call(6)},${call(7)}]`, session, 400, -32600, '2025-11-25'],
      [
        'a response POSTed by a modern client',
        '{"jsonrpc":"2.0","id":"s9","result":{}}',
        { 'MCP-Protocol-Version': MODERN },
        400,
        -32600,
        MODERN,
      ],
      [
        'a modern request without _meta',
        JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }),
        { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' },
        400,
        -32602,
        MODERN,
      ],
    ]
    for (const [label, body, headers, status, code, revision] of cases) {
      const res = await post(body, headers)
      expect(res.status, label).toBe(status)
      expect(res.headers.get('content-type'), label).toContain('application/json')
      const error = (await res.json()) as Json
      expect(error.error?.code, label).toBe(code)
      // Errors that can name no request id are checked against 2025-11-25, the first schema allowing that.
      expect(specProblems(revision, { sent: [], received: [error] }, { server: true }), label).toEqual([])
      await goodCall()
    }

    // A modern request works too after all that.
    const modern = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: modernMeta() } }),
      { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' },
    )
    expect(modern.status).toBe(200)
    expect(((await modern.json()) as Json).result.tools).toHaveLength(3)
  })
})
