// The workerd bench's plumbing for real: every contender's Worker, bundled and run in its own workerd process,
// answers every workload it claims (the checks the bench runs before and after load), and a cold start of the
// ceiling is timed.
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareLoad } from '../src/mcp-client.mjs'
import { assertTaskset, runLoad } from '../src/runner.mjs'
import { TOOL_COUNT } from '../src/servers/tools.mjs'
import { WORKLOADS } from '../src/workloads.mjs'
import { bundleWorker } from '../src/workers/build.mjs'
import { coldStart } from '../src/workers/cold-start.mjs'
import { EMPTY_WORKER, WORKER_CONTENDERS } from '../src/workers/contenders.mjs'
import { cpuTimeNsUs, startWorkerd } from '../src/workers/workerd.mjs'

/** @type {Array<() => Promise<void>>} */
const cleanup = []
afterEach(async () => {
  for (const stop of cleanup.splice(0)) await stop()
})

for (const c of WORKER_CONTENDERS) {
  describe(c.label, () => {
    for (const w of WORKLOADS.filter((w) => c.modes.includes(w.mode))) {
      it(`answers workload ${w.id} in workerd`, { timeout: 60_000 }, async () => {
        const { code } = await bundleWorker(c)
        const proc = await startWorkerd({
          contender: c,
          code,
          vars: { TOOLSET: w.toolset, MODE: w.mode },
          cpu: 0,
        })
        cleanup.push(proc.stop)
        const { req } = await prepareLoad(`http://127.0.0.1:${proc.port}/mcp`, w, c.version, TOOL_COUNT)
        expect(JSON.parse(req.body).method).toBe(w.method)
      })
    }
  })
}

it('measures workerd CPU time per request under a short load', { timeout: 60_000 }, async () => {
  assertTaskset()
  const raw = WORKER_CONTENDERS[0]
  if (raw === undefined) throw new Error('no contenders')
  const w = WORKLOADS[0]
  if (w === undefined) throw new Error('no workloads')
  const { code } = await bundleWorker(raw)
  const proc = await startWorkerd({
    contender: raw,
    code,
    vars: { TOOLSET: 'echo', MODE: 'stateless' },
    cpu: 0,
  })
  cleanup.push(proc.stop)
  const url = `http://127.0.0.1:${proc.port}/mcp`
  const { req } = await prepareLoad(url, w, raw.version, TOOL_COUNT)
  const load = await runLoad({ url, ...req, connections: 2, duration: 1, warmup: 0, serverPid: proc.pid }, 1)
  expect(load.total).toBeGreaterThan(0)
  expect(load.bad).toBe(0)
  expect(load.cpuUs).toBeGreaterThan(0)
  expect(cpuTimeNsUs(proc.pid)).toBeGreaterThan(0)
})

it('times a cold start from spawn to the first checked answer', { timeout: 60_000 }, async () => {
  const raw = WORKER_CONTENDERS[0]
  if (raw === undefined) throw new Error('no contenders')
  for (const c of [EMPTY_WORKER, raw]) {
    const { code } = await bundleWorker(c)
    const s = await coldStart({ contender: c, code, mode: 'stateless', cpu: 0, vars: {} })
    expect(s.listenMs).toBeGreaterThan(0)
    expect(s.firstMs).toBeGreaterThan(0)
    expect(s.totalMs).toBe(s.listenMs + s.firstMs)
    expect(s.cpuTotalMs).toBeGreaterThanOrEqual(s.cpuListenMs)
  }
})

it('reports a Worker that does not start, and leaves no directory behind', { timeout: 60_000 }, async () => {
  const broken = { ...EMPTY_WORKER, id: 'broken-worker' }
  await expect(
    startWorkerd({ contender: broken, code: 'export default {', vars: {}, cpu: 0 }),
  ).rejects.toThrow(/workerd exited \(1\) before listening: .*SyntaxError/)
  expect(readdirSync(tmpdir()).filter((n) => n.startsWith('bench-workerd-broken-worker-'))).toEqual([])
})
