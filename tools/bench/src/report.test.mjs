import { expect, it } from 'vitest'
import { markdownTable, summarize } from './report.mjs'

/** @param {number} rps @param {number} rssKiB */
const round = (rps, rssKiB) => ({ rps, p50: rps / 1000, p99: rps / 100, rssKiB, bad: 0, cpuUs: 1e6 / rps })

const cells = /** @type {import('./report.mjs').Cell[]} */ ([
  { contender: 'raw', id: 'raw', status: 'ok', rounds: [round(1000, 2048), round(3000, 1024)] },
  { contender: 'lib', id: 'lib', status: 'ok', rounds: [round(500, 4096), round(500, 8192)] },
  { contender: 'new', id: 'new', status: 'skipped', reason: 'import failed: a|b', rounds: [] },
  { contender: 'ses', id: 'ses', status: 'n/a', reason: 'sessions only', rounds: [] },
])

it('averages rounds, takes peak RSS and divides by the baseline', () => {
  const [raw, lib, skipped] = summarize(cells, 'raw')
  expect(raw).toMatchObject({
    rps: 2000,
    p50: 2,
    p99: 20,
    peakRssMiB: 2,
    ratio: 1,
    rpsPerRound: [1000, 3000],
    cpuUs: (1000 + 1e6 / 3000) / 2,
  })
  expect(lib).toMatchObject({
    rps: 500,
    peakRssMiB: 8,
    ratio: 0.25,
    cpuRatio: 2000 / ((1000 + 1e6 / 3000) / 2),
  })
  expect(skipped).toMatchObject({ status: 'skipped', rps: undefined, ratio: undefined })
})

it('leaves ratios empty without a measured baseline', () => {
  const rows = summarize(cells.slice(1), 'raw')
  expect(rows.map((r) => r.ratio)).toEqual([undefined, undefined, undefined])
})

it('renders one markdown row per contender, with skip reasons escaped', () => {
  const md = markdownTable('(x) title', summarize(cells, 'raw'))
  const lines = md.split('\n')
  expect(lines[0]).toBe('### (x) title')
  expect(lines[2]).toBe(
    '| contender | req/s | p50 ms | p99 ms | peak RSS MiB | server CPU µs/req | req/s vs raw Hono | CPU vs raw Hono |',
  )
  expect(lines).toContain('| raw | 2,000 | 2.00 | 20.00 | 2.0 | 666.7 | 1.00× | 1.00× |')
  expect(lines).toContain('| lib | 500 | 0.50 | 5.00 | 8.0 | 2,000.0 | 0.25× | 3.00× |')
  expect(lines).toContain('| new | skipped: import failed: a\\|b | – | – | – | – | – | – |')
  expect(lines).toContain('| ses | n/a: sessions only | – | – | – | – | – | – |')
})

it('adds the ratios to a second ceiling when there is one', () => {
  const rows = summarize(cells, 'raw', 'lib')
  expect(rows[0]).toMatchObject({ altRatio: 4, altCpuRatio: (1000 + 1e6 / 3000) / 2 / 2000 })
  const md = markdownTable('(x) title', rows, { baseline: 'conforming Hono', alt: 'minimal Hono' })
  expect(md).toContain(
    '| req/s vs conforming Hono | CPU vs conforming Hono | req/s vs minimal Hono | CPU vs minimal Hono |',
  )
  expect(md).toContain('| lib | 500 | 0.50 | 5.00 | 8.0 | 2,000.0 | 0.25× | 3.00× | 1.00× | 1.00× |')
})
