import { expect, it } from 'vitest'
import { markdownTable, summarize } from './report.mjs'

/** @param {number} rps @param {number} rssKiB */
const round = (rps, rssKiB) => ({
  rps,
  p50: rps / 1000,
  p99: rps / 100,
  rssKiB,
  bad: 0,
  cpuUs: 1e6 / rps,
  serverCpuPct: 99,
  loadCpuPct: 60,
})

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

it("pairs each round with the baseline's same round: the median of those ratios, with min and max", () => {
  const [raw, lib, skipped] = summarize(cells, 'raw')
  expect(raw?.pairedCpuRatio).toEqual({ median: 1, min: 1, max: 1, n: 2 })
  // req/s 500/1000 and 500/3000; CPU 2000/1000 and 2000/333.3: means over rounds give 0.25× and 3.00×
  expect(lib?.pairedRatio).toMatchObject({ min: 1 / 6, max: 0.5, n: 2 })
  expect(lib?.pairedRatio?.median).toBeCloseTo(1 / 3, 9)
  expect(lib?.pairedCpuRatio?.median).toBeCloseTo(4, 9)
  expect(lib?.pairedCpuRatio?.min).toBeCloseTo(2, 9)
  expect(lib?.pairedCpuRatio?.max).toBeCloseTo(6, 9)
  expect(skipped?.pairedCpuRatio).toBeUndefined()
})

it('pairs by the round a figure was measured in', () => {
  const rows = summarize(
    /** @type {import('./report.mjs').Cell[]} */ ([
      {
        contender: 'raw',
        id: 'raw',
        status: 'ok',
        rounds: [
          { ...round(1000, 1), round: 1 },
          { ...round(2000, 1), round: 2 },
        ],
      },
      // measured in round 2 only
      { contender: 'lib', id: 'lib', status: 'ok', rounds: [{ ...round(1000, 1), round: 2 }] },
    ]),
    'raw',
  )
  expect(rows[1]?.pairedRatio).toEqual({ median: 0.5, min: 0.5, max: 0.5, n: 1 })
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
    '| contender | req/s | p50 ms | p99 ms | peak RSS MiB | server CPU µs/req | server CPU % | load CPU % | req/s vs raw Hono | CPU vs raw Hono | req/s vs raw Hono, paired | CPU vs raw Hono, paired |',
  )
  expect(lines).toContain(
    '| raw | 2,000 | 2.00 | 20.00 | 2.0 | 666.7 | 99 % | 60 % | 1.00× | 1.00× | 1.00× (1.00–1.00) | 1.00× (1.00–1.00) |',
  )
  expect(lines).toContain(
    '| lib | 500 | 0.50 | 5.00 | 8.0 | 2,000.0 | 99 % | 60 % | 0.25× | 3.00× | 0.33× (0.17–0.50) | 4.00× (2.00–6.00) |',
  )
  expect(lines).toContain('| new | skipped: import failed: a\\|b | – | – | – | – | – | – | – | – | – | – |')
  expect(lines).toContain('| ses | n/a: sessions only | – | – | – | – | – | – | – | – | – | – |')
})

it('adds the ratios to a second ceiling when there is one', () => {
  const rows = summarize(cells, 'raw', 'lib')
  expect(rows[0]).toMatchObject({ altRatio: 4, altCpuRatio: (1000 + 1e6 / 3000) / 2 / 2000 })
  const md = markdownTable('(x) title', rows, { baseline: 'conforming Hono', alt: 'minimal Hono' })
  expect(md).toContain(
    '| CPU vs conforming Hono, paired | req/s vs minimal Hono | CPU vs minimal Hono | req/s vs minimal Hono, paired | CPU vs minimal Hono, paired |',
  )
  expect(md).toContain(
    '| lib | 500 | 0.50 | 5.00 | 8.0 | 2,000.0 | 99 % | 60 % | 0.25× | 3.00× | 0.33× (0.17–0.50) | 4.00× (2.00–6.00) | 1.00× | 1.00× | 1.00× (1.00–1.00) | 1.00× (1.00–1.00) |',
  )
})

it('keeps the rounds that measured when another failed, and says which was left out', () => {
  const partial = /** @type {import('./report.mjs').Cell[]} */ ([
    {
      contender: 'raw',
      id: 'raw',
      status: 'ok',
      rounds: [
        { ...round(1000, 1024), round: 1 },
        { ...round(1000, 1024), round: 2 },
      ],
    },
    {
      contender: 'peer',
      id: 'peer',
      status: 'ok',
      rounds: [{ ...round(250, 1024), round: 2 }],
      failures: ['round 1: 3 non-2xx/errors/timeouts under load'],
    },
  ])
  const rows = summarize(partial, 'raw')
  expect(rows[1]).toMatchObject({
    rps: 250,
    ratio: 0.25,
    failures: ['round 1: 3 non-2xx/errors/timeouts under load'],
  })
  expect(rows[1]?.pairedRatio).toMatchObject({ median: 0.25, n: 1 })
  const md = markdownTable('t', rows)
  expect(md).toContain('| peer † | 250 |')
  expect(md).toContain(
    '† peer: figures of 1 round(s); left out: round 1: 3 non-2xx/errors/timeouts under load',
  )
})
