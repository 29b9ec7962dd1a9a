// One measurement of a running server (a Node process or workerd): check the answer, put it under load from a
// pinned autocannon process, sample its peak RSS, check the answer again. The caller stops the server.
import { prepareLoad, verifyLoad } from './mcp-client.mjs'
import { peakRssKiB, runLoad, startServer } from './runner.mjs'
import { TOOL_COUNT } from './servers/tools.mjs'
import { runWrkLoad } from './wrk.mjs'

/** @param {unknown} err */
export const firstLine = (err) => String(err instanceof Error ? err.message : err).split('\n')[0] ?? ''

/**
 * @param {{ pid: number, port: number, stderr: () => string, stop: () => Promise<void> }} server
 * @param {string} version  MCP-Protocol-Version of stateless requests
 * @param {import('./workloads.mjs').Workload} w
 * @param {Pick<import('./options.mjs').Options, 'connections' | 'duration' | 'warmup' | 'loadCpu'> & { loader?: 'wrk' | 'autocannon' }} opts
 *   `loader`: the load generator (default autocannon)
 * @returns {Promise<import('./rounds.mjs').Measured>}  and stops the server
 */
export async function measureRunning(server, version, w, opts) {
  const url = `http://127.0.0.1:${server.port}/mcp`
  try {
    const { req, text } = await prepareLoad(url, w, version, TOOL_COUNT).catch((err) => {
      throw new Error(`verification: ${firstLine(err)}`)
    })
    const cfg = {
      url,
      ...req,
      connections: opts.connections,
      duration: opts.duration,
      warmup: opts.warmup,
      serverPid: server.pid,
    }
    const load =
      opts.loader === 'wrk' ? await runWrkLoad(cfg, opts.loadCpu) : await runLoad(cfg, opts.loadCpu)
    const rssKiB = peakRssKiB(server.pid)
    await verifyLoad(url, w, req, text, TOOL_COUNT).catch((err) => {
      throw new Error(`after load: ${firstLine(err)}`)
    })
    if (load.total === 0) throw new Error('no successful response under load')
    if (load.bad > 0) throw new Error(`${load.bad} non-2xx/errors/timeouts under load (${load.total} ok)`)
    const { rps, p50, p99, bad, cpuUs, serverCpuPct, loadCpuPct } = load
    return { ok: { rps, p50, p99, rssKiB, bad, cpuUs, serverCpuPct, loadCpuPct } }
  } catch (err) {
    const tail = server.stderr().trim().split('\n').slice(-3).join(' ⏎ ')
    return { failed: tail ? `${firstLine(err)} [server stderr: ${tail.slice(0, 300)}]` : firstLine(err) }
  } finally {
    await server.stop()
  }
}

/** The defaults of bench.mjs (server on core 0, wrk with 50 connections on core 1), for the tools beside it. */
export const LOAD = /** @type {const} */ ({
  serverCpu: 0,
  loadCpu: 1,
  loader: 'wrk',
  connections: 50,
  warmup: 2,
})

/**
 * One measurement of a contender: a fresh server process (pinned to `opts.serverCpu`, under `wrap` if given:
 * see `startServer`), then `measureRunning`, which stops it.
 * @param {import('./servers/index.mjs').Contender} c
 * @param {import('./workloads.mjs').Workload} w
 * @param {Parameters<typeof measureRunning>[3] & { serverCpu: number, profile?: string | undefined }} opts
 * @param {string[]} [wrap]
 * @returns {Promise<import('./rounds.mjs').Measured>}
 */
export async function measureContender(c, w, opts, wrap) {
  let server
  try {
    server = await startServer(
      c.file,
      { mode: w.mode, toolset: w.toolset },
      opts.serverCpu,
      opts.profile,
      wrap,
    )
  } catch (err) {
    return { failed: firstLine(err) }
  }
  if ('skipped' in server) return { skipped: server.skipped }
  return measureRunning(server, c.version, w, opts)
}
