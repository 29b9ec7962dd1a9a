import { describe, expect, it } from 'vitest'
import { markdownTable, summarize } from './report.mjs'
import { ratioRefusal, SATURATED_PCT } from './saturation.mjs'

/** @param {number} serverCpuPct */
const ceiling = (serverCpuPct) => ({
  contender: 'raw Hono (ceiling)',
  status: 'ok',
  serverCpuPct,
  loadCpuPct: 99,
})

describe('ratioRefusal', () => {
  it('allows ratios to a ceiling whose server saturated its core', () => {
    expect(ratioRefusal(ceiling(SATURATED_PCT))).toBeUndefined()
    expect(ratioRefusal(ceiling(99.5))).toBeUndefined()
  })
  it('refuses a load-bound ceiling and says why', () => {
    const why = ratioRefusal(ceiling(83))
    expect(why).toMatch(/used 83 % of its core \(< 90 %, the load generator 99 %\)/)
    expect(why).toMatch(/not server-bound/)
  })
  it('refuses a ceiling whose CPU share is unknown', () => {
    expect(ratioRefusal({ contender: 'x', status: 'ok' })).toMatch(/not measured/)
  })
  it('has nothing to refuse without a measured ceiling', () => {
    expect(ratioRefusal(undefined)).toBeUndefined()
    expect(ratioRefusal({ contender: 'x', status: 'failed' })).toBeUndefined()
  })
})

/** @param {string} id @param {number} rps @param {number} pct */
const cell = (id, rps, pct) => ({
  contender: id,
  id,
  status: /** @type {const} */ ('ok'),
  rounds: [1, 2].map((round) => ({
    rps,
    p50: 1,
    p99: 2,
    rssKiB: 1024,
    bad: 0,
    cpuUs: 1e6 / rps,
    serverCpuPct: pct,
    loadCpuPct: 50,
    round,
  })),
})

describe('summarize and markdownTable', () => {
  it('give ratios to a saturated ceiling, and each row its CPU shares', () => {
    const rows = summarize([cell('raw', 1000, 97), cell('ours', 900, 98)], 'raw')
    const ours = rows.find((r) => r.id === 'ours')
    expect(ours?.ratio).toBeCloseTo(0.9)
    expect(ours?.serverCpuPct).toBe(98)
    expect(ours?.loadCpuPct).toBe(50)
    const table = markdownTable('t', rows)
    expect(table).toContain('| 0.90× |')
    expect(table).toContain('98 %')
    expect(table).not.toContain('refused')
  })
  it('refuse every ratio to a load-bound ceiling and print why', () => {
    const rows = summarize([cell('raw', 1000, 83), cell('ours', 960, 98)], 'raw')
    const ours = rows.find((r) => r.id === 'ours')
    expect(ours?.ratio).toBeUndefined()
    expect(ours?.cpuRatio).toBeUndefined()
    expect(ours?.pairedRatio).toBeUndefined()
    expect(ours?.pairedCpuRatio).toBeUndefined()
    expect(ours?.refused).toMatch(/used 83 %/)
    const table = markdownTable('t', rows)
    expect(table).not.toContain('0.96×')
    expect(table).toMatch(/Ratios to raw Hono refused: raw: its server used 83 %/)
  })
  it('refuse the ratios of one ceiling only', () => {
    const rows = summarize(
      [cell('raw', 1000, 95), cell('min', 1100, 80), cell('ours', 900, 99)],
      'raw',
      'min',
    )
    const ours = rows.find((r) => r.id === 'ours')
    expect(ours?.ratio).toBeCloseTo(0.9)
    expect(ours?.altRatio).toBeUndefined()
    expect(ours?.altRefused).toMatch(/used 80 %/)
  })
})
