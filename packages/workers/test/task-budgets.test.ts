import { TaskLimitError } from '@edgemcp/core/tasks'
import { modernMeta } from '@edgemcp/test-helpers'
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createMcpWorker, durableTaskStore, durableTasks } from '../src/index.js'
import { createTestServer, type Env } from './fixtures/worker.js'
import { ACCEPT_BOTH, MCP_URL } from './helpers.js'

// Red-team M2: one anonymous client filled the one budget every anonymous client shared, and across the
// Durable Object RPC boundary the TaskLimitError arrived as -32603 with HTTP 200. MCP_TASK_BUDGET's objects
// allow 2 tasks and 64 KiB per client.
const fixtureEnv = env as unknown as Env
const BINDING = { binding: 'MCP_TASK_BUDGET' }
const worker = createMcpWorker<Env>({
  server: (e, context) => createTestServer(e, context, durableTasks(e, BINDING)),
})
let nextId = 1

/** A 2026-07-28 `tools/call` of the task tool `ask` from the client at `address`, through the Worker. */
async function callAsk(address: string, pad = '') {
  const ctx = createExecutionContext()
  const r = await worker.fetch(
    new Request(MCP_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT_BOTH,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'ask',
        'cf-connecting-ip': address,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'tools/call',
        params: {
          name: 'ask',
          arguments: pad ? { pad } : {},
          _meta: modernMeta({
            'io.modelcontextprotocol/clientCapabilities': {
              elicitation: {},
              extensions: { 'io.modelcontextprotocol/tasks': {} },
            },
          }),
        },
      }),
    }),
    fixtureEnv,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  const body = (await r.json()) as {
    result?: { resultType?: string }
    error?: { code: number; message: string }
  }
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body }
}

describe('task budgets per client without a principal, across the Durable Object boundary (M2)', () => {
  it('a client over its share gets 429 with Retry-After; another client still gets tasks', async () => {
    for (let i = 0; i < 2; i++) expect((await callAsk('198.51.100.1')).body.result?.resultType).toBe('task')
    const refused = await callAsk('198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.retryAfter).toMatch(/^\d+$/)
    expect(refused.body.error).toMatchObject({
      code: -32000,
      message: expect.stringContaining('Too many tasks'),
    })
    // Another address has a share of its own.
    const other = await callAsk('198.51.100.2')
    expect(other.status).toBe(200)
    expect(other.body.result?.resultType).toBe('task')
  })

  it('counts bytes as well as tasks', async () => {
    const big = await callAsk('198.51.100.3', 'x'.repeat(70 * 1024))
    expect(big.status).toBe(429)
    expect(big.body.error?.message).toContain('bytes')
    expect((await callAsk('198.51.100.3')).status).toBe(200)
  })

  it('durableTaskStore rejects with a TaskLimitError, not a plain Error from the RPC', async () => {
    const store = durableTaskStore(fixtureEnv, BINDING)
    const at = new Date().toISOString()
    const task = (taskId: string) => ({
      taskId,
      status: 'working' as const,
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: 60_000,
      expiresAt: Date.now() + 60_000,
      pollIntervalMs: 1000,
      client: 'address:203.0.113.9',
      request: {
        method: 'tools/call',
        params: { name: 'ask' },
        protocolVersion: '2026-07-28',
        clientCapabilities: {},
      },
    })
    await store.create(task(`budget-a-${crypto.randomUUID()}`))
    await store.create(task(`budget-b-${crypto.randomUUID()}`))
    const refusal = await store.create(task(`budget-c-${crypto.randomUUID()}`)).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(TaskLimitError)
  })
})
