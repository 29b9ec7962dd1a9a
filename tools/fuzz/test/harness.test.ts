import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { withOnlyGuards } from '../src/guards.js'
import { fuzzTarget } from '../src/run.js'
import { renderContext, sendCase } from '../src/targets/send-case.js'
import type { Send, Target } from '../src/targets/target.js'

/**
 * The harness must catch what it claims to catch: targets that misbehave in one way each are fuzzed and must
 * fail with a counterexample (otherwise a green fuzz run would prove nothing).
 */
function brokenTarget(name: string, app: Hono, probe: () => Promise<string[]> = async () => []): Target {
  const send: Send = async (path, init) => app.request(`http://localhost${path}`, init)
  return {
    name,
    send: (c) => sendCase(send, '/', c, renderContext({}, 1024)),
    probe,
    close: async () => {},
  }
}

const run = (t: Target) => fuzzTarget(t, { seed: 1, numRuns: 300, shrink: false })

describe('the fuzz harness catches broken transports', () => {
  it('a 500 on some bodies', async () => {
    const app = new Hono().all('/', async (c) => {
      const text = await c.req.text()
      return text.includes('tools/call')
        ? c.text('boom', 500)
        : c.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no' } }, 400)
    })
    const r = await run(brokenTarget('500', app))
    expect(r.failed).toBe(true)
    expect(r.report).toMatch(/status 500/)
  })

  it('a 4xx without a JSON-RPC error body, and an undefined status', async () => {
    const plain = await run(
      brokenTarget(
        'plain',
        new Hono().all('/', (c) => c.text('bad', 400)),
      ),
    )
    expect(plain.report).toMatch(/without a JSON-RPC error body/)
    const teapot = await run(
      brokenTarget(
        '418',
        new Hono().all('/', (c) => c.json({ jsonrpc: '2.0', error: { code: 1, message: 'x' } }, 418)),
      ),
    )
    expect(teapot.report).toMatch(/undefined status 418/)
  })

  it("another request's id in an answer", async () => {
    const app = new Hono().all('/', (c) => c.json({ jsonrpc: '2.0', id: 'someone-else', result: {} }))
    const r = await run(brokenTarget('ids', app))
    expect(r.report).toMatch(/answer id "someone-else" for request id/)
  })

  it('an unhandled rejection, prototype pollution, and a failing probe after a case', async () => {
    const ok = () => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no' } })
    let n = 0
    const rejecting = new Hono().all('/', (c) => {
      if (++n === 5) void Promise.reject(new Error('forgotten promise'))
      return c.json(ok(), 400)
    })
    const r1 = await withOnlyGuards(() => run(brokenTarget('rejection', rejecting)))
    expect(r1.report).toMatch(/unhandled rejection: Error: forgotten promise/)

    const polluting = new Hono().all('/', (c) => {
      ;(Object.prototype as Record<string, unknown>).polluted = 'yes'
      return c.json(ok(), 400)
    })
    try {
      const r2 = await run(brokenTarget('pollution', polluting))
      expect(r2.report).toMatch(/Object.prototype/)
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }

    let calls = 0
    const dying = brokenTarget(
      'probe',
      new Hono().all('/', (c) => c.json(ok(), 400)),
      async () => (++calls > 10 ? ['well-formed tools/call failed'] : []),
    )
    expect((await run(dying)).report).toMatch(/well-formed tools\/call failed/)
  })
})
