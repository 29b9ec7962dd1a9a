import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import type { BodyMeter } from '../src/client/answer-body.js'
import { runClientCase } from '../src/client/client-case.js'
import { type ClientCase, clientCase } from '../src/client/hostile-answer.js'
import { CLIENT_TARGETS, fuzzClient } from '../src/client/run-client.js'
import { scriptedFetch } from '../src/client/scripted-fetch.js'
import { guardCount } from '../src/guards.js'

/** A fixed-seed run: the same hostile servers every time, so a failure here reproduces exactly. */
const SEED = 20_261_201
const RUNS: Record<string, number> = {
  'client streamable-http': 600,
  'client sse': 300,
  'client loopback streamable': 120,
}
let total = 0

describe('hostile servers against the client transports and McpClient, fixed seed', () => {
  for (const t of CLIENT_TARGETS) {
    it(`${t.name}: no crash, no hang, only edgemcp errors, bounded reads, nothing left open`, async () => {
      const r = await fuzzClient(t, { seed: SEED, numRuns: RUNS[t.name] ?? 100 })
      total += r.runs
      expect(r.report).toBeUndefined()
      expect(r.runs).toBe(RUNS[t.name])
      // The cases reach past the first refusal: some complete, some fail in several ways.
      expect(r.outcomes?.ok ?? 0).toBeGreaterThan(0)
      expect(Object.keys(r.outcomes ?? {}).length).toBeGreaterThan(3)
    })
  }
  afterAll(() => {
    expect(guardCount()).toBe(0)
    console.log(`fuzz (client): ${total} cases`)
  })
})

describe('the client harness catches a broken client', () => {
  const endless: ClientCase = {
    protocol: 'modern',
    step: 'call',
    answer: {
      status: 200,
      headers: [['Content-Type', 'text/event-stream']],
      contentLength: 'none',
      body: { kind: 'endless', prefix: 'event: message\ndata: ', unit: 'x'.repeat(1024) },
      ending: 'end',
    },
  }
  it('a client without a message limit reads an endless event past the bound', async () => {
    const r = await runClientCase(
      endless,
      'streamable-http',
      (m: BodyMeter) => scriptedFetch(endless, m),
      undefined,
      Number.POSITIVE_INFINITY,
    )
    expect(r.problems.join('\n')).toMatch(/the client read \d+ bytes of one message/)
  })

  it('the same case passes with the limit, ending in ResponseTooLargeError', async () => {
    const r = await runClientCase(endless, 'streamable-http', (m: BodyMeter) => scriptedFetch(endless, m))
    expect(r).toEqual({ outcome: 'ResponseTooLargeError', problems: [] })
  })

  it('generates every kind of body, step and ending', () => {
    const cases = fc.sample(clientCase, { numRuns: 2000, seed: SEED })
    expect(new Set(cases.map((c) => c.answer.body.kind))).toEqual(
      new Set(['empty', 'text', 'sse', 'huge', 'endless']),
    )
    expect(new Set(cases.map((c) => c.step))).toEqual(
      new Set(['discover', 'initialize', 'call', 'get', 'every']),
    )
    expect(new Set(cases.map((c) => c.answer.ending))).toEqual(new Set(['end', 'reset', 'hang']))
  })
})
