// The process plumbing for real: pinned child server, VmHWM sampling, a 1 s autocannon run, and wrk's plumbing
// with a stand-in for wrk (test/fake-wrk.mjs), so that `npm test` needs no wrk package.
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { prepareLoad } from '../src/mcp-client.mjs'
import { assertTaskset, peakRssKiB, runLoad, startServer } from '../src/runner.mjs'
import { TOOL_COUNT } from '../src/servers/tools.mjs'
import { workloadById } from '../src/workloads.mjs'
import { runWrkLoad } from '../src/wrk.mjs'

const echo = workloadById('a')

it('reports a contender whose module cannot be imported as skipped', async () => {
  assertTaskset()
  const res = await startServer('no-such-contender.mjs', { mode: 'stateless', toolset: 'echo' }, 0)
  expect(res).toEqual({ skipped: expect.stringMatching(/^import failed: .*no-such-contender\.mjs/) })
})

it('runs a pinned server under a short load and samples its peak RSS', async () => {
  const server = await startServer('raw-hono.mjs', { mode: 'stateless', toolset: 'echo' }, 0)
  if ('skipped' in server) throw new Error(server.skipped)
  try {
    const url = `http://127.0.0.1:${server.port}/mcp`
    const { req } = await prepareLoad(url, echo, '2026-07-28', TOOL_COUNT)
    const load = await runLoad(
      { url, ...req, connections: 2, duration: 1, warmup: 0, serverPid: server.pid },
      1,
    )
    expect(load.total).toBeGreaterThan(0)
    expect(load.bad).toBe(0)
    expect(load.p50).toBeGreaterThan(0)
    expect(load.p99).toBeGreaterThanOrEqual(load.p50)
    // The server did work for every response: some CPU time per request, far less than a second.
    expect(load.cpuUs).toBeGreaterThan(0)
    expect(load.cpuUs).toBeLessThan(1e6)
    expect(load.serverCpuPct).toBeGreaterThan(0)
    expect(load.serverCpuPct).toBeLessThan(150)
    expect(load.loadCpuPct).toBeGreaterThan(0)
    expect(peakRssKiB(server.pid)).toBeGreaterThan(10 * 1024)
  } finally {
    await server.stop()
  }
})

it("runs a 1 s load through wrk's plumbing and reports both processes' CPU shares", async () => {
  // the stand-in sends the request it reads back out of the generated Lua script: a session request that the
  // real server answers only with the script's Mcp-Session-Id header and a well-formed body
  const fakeWrk = fileURLToPath(new URL('./fake-wrk.mjs', import.meta.url))
  const session = workloadById('b')
  const server = await startServer('raw-hono.mjs', { mode: 'session', toolset: 'echo' }, 0)
  if ('skipped' in server) throw new Error(server.skipped)
  try {
    const url = `http://127.0.0.1:${server.port}/mcp`
    const { req } = await prepareLoad(url, session, '2025-11-25', TOOL_COUNT)
    const load = await runWrkLoad(
      { url, ...req, connections: 2, duration: 1, warmup: 0, serverPid: server.pid },
      1,
      fakeWrk,
    )
    expect(load.loader).toBe('wrk')
    expect(load.total).toBeGreaterThan(0)
    expect(load.bad).toBe(0)
    expect(load.p99).toBeGreaterThanOrEqual(load.p50)
    expect(load.cpuUs).toBeGreaterThan(0)
    // shares of one core over the run: the server did some work, neither figure beyond what a core can give
    expect(load.serverCpuPct).toBeGreaterThan(0)
    expect(load.serverCpuPct).toBeLessThan(150)
    // the stand-in's CPU time is read from the shell that waited for it: a node process uses some
    expect(load.loadCpuPct).toBeGreaterThan(0)
    expect(load.loadCpuPct).toBeLessThan(150)
  } finally {
    await server.stop()
  }
})
