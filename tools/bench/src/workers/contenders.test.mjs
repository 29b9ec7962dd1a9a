import { expect, it } from 'vitest'
import { coldCases, SESSION_CEILING_ID, WORKER_BASELINE_ID, WORKER_CONTENDERS } from './contenders.mjs'

const byId = (/** @type {string} */ id) => {
  const c = WORKER_CONTENDERS.find((x) => x.id === id)
  if (c === undefined) throw new Error(id)
  return c
}
const ceilingsOf = (/** @type {string[]} */ ids) =>
  Object.fromEntries(coldCases(ids.map(byId)).map((k) => [k.id, k.ceilingId]))

it("judges createMcpWorker's cold starts against a raw Hono Worker declaring the same namespaces", () => {
  const objects = byId('raw-hono-objects')
  expect(Object.keys(objects.objects ?? {})).toHaveLength(
    Object.keys(byId('edgemcp-worker').objects ?? {}).length,
  )
  expect(objects.coldOnly).toBe(true)
  expect(ceilingsOf(['edgemcp-worker'])).toEqual({
    'edgemcp-worker/stateless': 'raw-hono-objects/stateless',
    'edgemcp-worker/session': 'raw-hono-objects/session',
  })
})

it('judges the others against the raw Hono Worker (stateless) or raw Hono + DO (a session)', () => {
  expect(ceilingsOf(['edgemcp-fetch', 'agents-mcp-agent', 'mcp-lite'])).toEqual({
    'edgemcp-fetch/stateless': `${WORKER_BASELINE_ID}/stateless`,
    'agents-mcp-agent/session': `${SESSION_CEILING_ID}/session`,
    'mcp-lite/stateless': `${WORKER_BASELINE_ID}/stateless`,
  })
})
