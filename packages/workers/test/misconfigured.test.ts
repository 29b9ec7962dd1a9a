import { McpServer } from '@edgemcp/core'
import { modernMeta } from '@edgemcp/test-helpers'
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMcpWorker } from '../src/index.js'
import type { Env } from './fixtures/worker.js'
import { ACCEPT_BOTH, initializeBody, MCP_URL } from './helpers.js'

const fixtureEnv = env as unknown as Env
const modernCall = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: modernMeta() },
}
const modernHeaders = {
  'content-type': 'application/json',
  accept: ACCEPT_BOTH,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/list',
}
const legacyHeaders = { 'content-type': 'application/json', accept: ACCEPT_BOTH }

/** One request to a fresh Worker (a fresh isolate's state), with `workerEnv`. */
async function send(
  worker: ReturnType<typeof createMcpWorker<unknown>>,
  workerEnv: unknown,
  body: unknown,
  headers: Record<string, string>,
) {
  const ctx = createExecutionContext()
  const r = await worker.fetch(
    new Request(MCP_URL, { method: 'POST', headers, body: JSON.stringify(body) }),
    workerEnv,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return { status: r.status, body: (await r.json()) as { error?: { message: string } } }
}

const server = () => {
  const s = new McpServer({ name: 'm', version: '1' })
  s.tool('echo', {}, () => ({ content: [] }))
  return s
}

describe('a Worker that cannot serve every client refuses at its first request (newcomer item 4)', () => {
  afterEach(() => vi.restoreAllMocks())

  it.each([
    ['a 2026-07-28 request', modernCall, modernHeaders],
    ['a legacy initialize', initializeBody(), legacyHeaders],
  ])('without its Durable Object bindings: %s gets one clear 500, logged', async (_, body, headers) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const worker = createMcpWorker<unknown>({ server })
    const noBindings = { MCP_MRTR_SECRET: 's', MCP_SESSION: fixtureEnv.MCP_SESSION }
    const message =
      'createMcpWorker: wrangler.jsonc lacks the Durable Object binding MCP_HUB (classes McpSessionObject'
    for (const [b, h] of [
      [body, headers],
      [modernCall, modernHeaders],
      [initializeBody(), legacyHeaders],
    ] as const) {
      const r = await send(worker, noBindings, b, h)
      expect(r.status).toBe(500)
      expect(r.body.error?.message).toContain(message)
    }
    expect(log).toHaveBeenCalledTimes(3)
    expect(String(log.mock.calls[0]?.[0])).toContain(message)
  })

  it('names both bindings when both are missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const r = await send(createMcpWorker<unknown>({ server }), {}, modernCall, modernHeaders)
    expect(r.body.error?.message).toContain('lacks the Durable Object binding MCP_SESSION and MCP_HUB')
  })

  it('a duplicate tool name in the server factory: the first request of any revision says so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const worker = createMcpWorker<unknown>({
      server: () => {
        const s = server()
        s.tool('echo', {}, () => ({ content: [] }))
        return s
      },
    })
    const message = 'createMcpWorker: the server factory threw: Tool "echo" is already registered'
    for (const [b, h] of [
      [initializeBody(), legacyHeaders],
      [modernCall, modernHeaders],
    ] as const) {
      const r = await send(worker, fixtureEnv, b, h)
      expect(r.status).toBe(500)
      expect(r.body.error?.message).toBe(message)
    }
    expect(log).toHaveBeenCalledWith(message)
  })

  it('with its bindings it serves', async () => {
    const worker = createMcpWorker<unknown>({ server })
    expect((await send(worker, fixtureEnv, modernCall, modernHeaders)).status).toBe(200)
  })
})
