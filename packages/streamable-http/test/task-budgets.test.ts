// Red-team M2 on Node: tasks without a principal count against their client's address (here the proxy's
// X-Forwarded-For, as `clientAddress` is configured behind one), in count and bytes, and the refusal reaches
// the client as HTTP 429 with Retry-After. Real HTTP: serve() on a free port, fetch as the client.
import { McpServer } from '@edgemcp/core'
import { createMemoryTaskStore, taskExtension } from '@edgemcp/core/tasks'
import { modernMeta } from '@edgemcp/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'

let running: RunningServer
beforeAll(async () => {
  const store = createMemoryTaskStore({ maxTasksPerPrincipal: 3, maxBytesPerPrincipal: 32 * 1024 })
  const server = new McpServer({ name: 'budgets', version: '1' }, { tasks: taskExtension({ store }) })
  server.tool('quick', { task: 'required' }, () => ({ content: [] }))
  running = await serve(
    createMcpHandler(server, {
      clientAddress: (c) => c.req.header('x-forwarded-for')?.split(',')[0]?.trim(),
    }),
  )
})
afterAll(() => running.close())

let nextId = 1
async function call(forwardedFor: string, pad = '') {
  const r = await fetch(`${running.url}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'quick',
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: {
        name: 'quick',
        arguments: pad ? { pad } : {},
        _meta: modernMeta({
          'io.modelcontextprotocol/clientCapabilities': {
            extensions: { 'io.modelcontextprotocol/tasks': {} },
          },
        }),
      },
    }),
  })
  const text = await r.text()
  const body = (text.startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('data: ')[1]!)) as {
    result?: { resultType?: string }
    error?: { code: number; message: string }
  }
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body }
}

describe('task budgets per anonymous client (M2)', () => {
  it('one address over its share gets 429 with Retry-After; others keep theirs', async () => {
    for (let i = 0; i < 3; i++)
      expect((await call('192.0.2.1, 10.0.0.1')).body.result?.resultType).toBe('task')
    const refused = await call('192.0.2.1')
    expect(refused.status).toBe(429)
    expect(refused.retryAfter).toMatch(/^\d+$/)
    expect(refused.body.error).toMatchObject({ code: -32000 })
    expect((await call('192.0.2.2')).body.result?.resultType).toBe('task')
  })

  it('counts the bytes of what a client makes the store keep', async () => {
    expect((await call('192.0.2.3', 'x'.repeat(20_000))).status).toBe(200)
    const refused = await call('192.0.2.3', 'x'.repeat(20_000))
    expect(refused.status).toBe(429)
    expect(refused.body.error?.message).toContain('bytes')
  })
})
