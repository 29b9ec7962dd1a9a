import { readFileSync } from 'node:fs'

// The measuring loop both benches share: every contender × workload it applies to, over rounds that alternate
// the order of contenders, one fresh measurement each; a contender that cannot run is skipped from then on. A
// round that fails (errors under load, a crash) is left out and said, and the contender runs again in the next
// round: one bad round no longer empties a row whose other rounds measured fine.

/**
 * @typedef {{ id: string, label: string, modes: import('./servers/contract.mjs').Mode[] }} RoundContender
 * @typedef {{ ok: import('./report.mjs').RoundResult } | { skipped: string } | { failed: string }} Measured
 */

/**
 * @template {RoundContender} C
 * @param {object} options
 * @param {C[]} options.contenders
 * @param {import('./workloads.mjs').Workload[]} options.workloads
 * @param {number} options.rounds
 * @param {(c: C, w: import('./workloads.mjs').Workload) => Promise<Measured>} options.measure
 * @param {(line: string) => void} options.log
 * @returns {Promise<{ cells: Map<string, import('./report.mjs').Cell>, loads: number[] }>}  cells keyed
 *   `${workload.id}/${contender.id}`; loads = the 1-minute load average before each measurement
 */
export async function runRounds({ contenders, workloads, rounds, measure, log }) {
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
  /** @type {number[]} */
  const loads = []
  for (let round = 1; round <= rounds; round++) {
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
        const load = loadAverage()
        loads.push(load)
        log(`round ${round}/${rounds} · workload ${w.id} · ${c.id} · load average ${load.toFixed(2)} …`)
        const res = await measure(c, w)
        if ('ok' in res) {
          cell.rounds.push({ ...res.ok, round })
          const { cpuUs, serverCpuPct, loadCpuPct } = res.ok
          const cpu =
            (cpuUs === undefined ? '' : `, CPU ${cpuUs.toFixed(1)} µs/req`) +
            (serverCpuPct === undefined ? '' : `, server ${serverCpuPct.toFixed(0)} %`) +
            (loadCpuPct === undefined ? '' : `, load ${loadCpuPct.toFixed(0)} % of a core`)
          log(
            `  ${Math.round(res.ok.rps)} req/s, p99 ${res.ok.p99.toFixed(2)} ms${cpu}, RSS ${(res.ok.rssKiB / 1024).toFixed(1)} MiB`,
          )
        } else if ('skipped' in res) {
          skipped.set(c.id, res.skipped)
          Object.assign(cell, { status: 'skipped', reason: res.skipped })
          log(`  skipped: ${res.skipped}`)
        } else {
          cell.failures = [...(cell.failures ?? []), `round ${round}: ${res.failed}`]
          log(`  failed: ${res.failed}`)
        }
      }
    }
  }
  for (const cell of cells.values())
    if (cell.status === 'ok' && cell.rounds.length === 0 && cell.failures !== undefined)
      Object.assign(cell, { status: 'failed', reason: cell.failures.join('; ') })
  return { cells, loads }
}

/** The 1-minute load average (/proc/loadavg): the machine may be shared, so the report says how busy it was. */
export function loadAverage() {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
}

/** @param {number[]} loads */
export function describeLoads(loads) {
  if (loads.length === 0) return 'load average not sampled'
  const sorted = [...loads].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  return `1-minute load average ${median.toFixed(1)} (median; ${sorted[0]?.toFixed(1)}–${sorted.at(-1)?.toFixed(1)})`
}
