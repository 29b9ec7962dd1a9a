// edgemcp throughput benchmark. See USAGE in options.mjs and README.md.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { prepareLoad, verifyLoad } from './mcp-client.mjs'
import { USAGE, parseOptions } from './options.mjs'
import { markdownTable, summarize } from './report.mjs'
import { assertTaskset, peakRssKiB, runLoad, startServer } from './runner.mjs'
import { BASELINE_ID, CONTENDERS } from './servers/index.mjs'
import { TOOL_COUNT } from './servers/tools.mjs'
import { WORKLOADS } from './workloads.mjs'

/** @param {string} msg */
const log = (msg) => process.stderr.write(`${msg}\n`)
/** @param {unknown} err */
const why = (err) => String(err instanceof Error ? err.message : err).split('\n')[0] ?? ''

/**
 * One measured run: fresh server process, verify, load, sample VmHWM, verify again, stop.
 * @param {import('./servers/index.mjs').Contender} c
 * @param {import('./workloads.mjs').Workload} w
 * @param {import('./options.mjs').Options} opts
 * @returns {Promise<{ ok: import('./report.mjs').RoundResult } | { skipped: string } | { failed: string }>}
 */
async function measure(c, w, opts) {
  let server
  try {
    server = await startServer(c.file, { mode: w.mode, toolset: w.toolset }, opts.serverCpu)
  } catch (err) {
    return { failed: why(err) }
  }
  if ('skipped' in server) return { skipped: server.skipped }
  const url = `http://127.0.0.1:${server.port}/mcp`
  try {
    const { req, text } = await prepareLoad(url, w, c.version, TOOL_COUNT).catch((err) => {
      throw new Error(`verification: ${why(err)}`)
    })
    const cfg = {
      url,
      ...req,
      connections: opts.connections,
      duration: opts.duration,
      warmup: opts.warmup,
      serverPid: server.pid,
    }
    const load = await runLoad(cfg, opts.loadCpu)
    const rssKiB = peakRssKiB(server.pid)
    await verifyLoad(url, w, req, text, TOOL_COUNT).catch((err) => {
      throw new Error(`after load: ${why(err)}`)
    })
    if (load.total === 0) throw new Error('no successful response under load')
    if (load.bad > 0) throw new Error(`${load.bad} non-2xx/errors/timeouts under load (${load.total} ok)`)
    return { ok: { rps: load.rps, p50: load.p50, p99: load.p99, rssKiB, bad: load.bad, cpuUs: load.cpuUs } }
  } catch (err) {
    const tail = server.stderr().trim().split('\n').slice(-3).join(' ⏎ ')
    return { failed: tail ? `${why(err)} [server stderr: ${tail.slice(0, 300)}]` : why(err) }
  } finally {
    await server.stop()
  }
}

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env)
  if (opts.help) return void console.log(USAGE)
  assertTaskset()
  if (os.availableParallelism() < 2)
    log('warning: fewer than 2 cores: server and load generator will contend')
  const contenders = CONTENDERS.filter((c) => c.id === BASELINE_ID || !opts.only || opts.only.includes(c.id))
  const workloads = WORKLOADS.filter((w) => !opts.workloads || opts.workloads.includes(w.id))

  /** @type {Map<string, import('./report.mjs').Cell>} */
  const cells = new Map()
  for (const w of workloads) {
    for (const c of contenders) {
      const applies = c.modes.includes(w.mode)
      cells.set(`${w.id}/${c.id}`, {
        contender: c.label,
        id: c.id,
        status: applies ? 'ok' : 'n/a',
        ...(applies ? {} : { reason: w.mode === 'session' ? 'stateless only' : 'sessions only' }),
        rounds: [],
      })
    }
  }
  /** @type {Map<string, string>} */
  const skipped = new Map()
  const start = Date.now()
  for (let round = 1; round <= opts.rounds; round++) {
    const order = round % 2 === 1 ? contenders : [...contenders].reverse()
    for (const w of workloads) {
      for (const c of order) {
        const cell = cells.get(`${w.id}/${c.id}`)
        if (cell === undefined || cell.status !== 'ok') continue
        const skip = skipped.get(c.id)
        if (skip !== undefined) {
          Object.assign(cell, { status: 'skipped', reason: skip })
          continue
        }
        log(`round ${round}/${opts.rounds} · workload ${w.id} · ${c.id} …`)
        const res = await measure(c, w, opts)
        if ('ok' in res) {
          cell.rounds.push(res.ok)
          log(
            `  ${Math.round(res.ok.rps)} req/s, p99 ${res.ok.p99.toFixed(2)} ms, RSS ${(res.ok.rssKiB / 1024).toFixed(1)} MiB`,
          )
        } else if ('skipped' in res) {
          skipped.set(c.id, res.skipped)
          Object.assign(cell, { status: 'skipped', reason: res.skipped })
          log(`  skipped: ${res.skipped}`)
        } else {
          Object.assign(cell, { status: 'failed', reason: `round ${round}: ${res.failed}` })
          log(`  failed: ${res.failed}`)
        }
      }
    }
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown cpu'
  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpu,
    cores: os.availableParallelism(),
    durationS: opts.duration,
    warmupS: opts.warmup,
    connections: opts.connections,
    rounds: opts.rounds,
    serverCpu: opts.serverCpu,
    loadCpu: opts.loadCpu,
    elapsedS: Math.round((Date.now() - start) / 1000),
  }
  const tables = workloads.map((w) => ({
    workload: w,
    rows: summarize(
      contenders.map((c) => /** @type {import('./report.mjs').Cell} */ (cells.get(`${w.id}/${c.id}`))),
      BASELINE_ID,
    ),
  }))
  console.log(
    `## edgemcp bench — ${meta.date}\n\nNode ${meta.node}, ${cpu}; autocannon ${opts.connections} connections, ` +
      `${opts.duration} s × ${opts.rounds} rounds (+${opts.warmup} s warm-up); server on core ${opts.serverCpu}, ` +
      `load on core ${opts.loadCpu}. req/s, p50, p99 and the server's CPU time per request are means over rounds; RSS is the server's VmHWM.\n`,
  )
  for (const t of tables) console.log(`${markdownTable(t.workload.title, t.rows)}\n`)
  if (opts.json !== undefined) {
    const out = {
      meta,
      workloads: tables.map((t) => ({ id: t.workload.id, title: t.workload.title, rows: t.rows })),
    }
    writeFileSync(opts.json, `${JSON.stringify(out, null, 2)}\n`)
    log(`wrote ${opts.json}`)
  }
}

main().catch((err) => {
  log(`bench: ${why(err)}`)
  process.exitCode = 1
})
