import { expect, it } from 'vitest'
import { coldMarkdown, spread, summarizeCold } from './cold-start.mjs'

/** @param {number} listenMs @param {number} cpuTotalMs */
const sample = (listenMs, cpuTotalMs) => ({
  listenMs,
  firstMs: 10,
  totalMs: listenMs + 10,
  cpuListenMs: cpuTotalMs - 1,
  cpuTotalMs,
})

it('takes the median and the 10th–90th percentiles by interpolation', () => {
  expect(spread([5, 1, 3])).toEqual({ median: 3, p10: 1.4, p90: 4.6 })
  expect(spread([2])).toEqual({ median: 2, p10: 2, p90: 2 })
})

it('pairs each sample with the empty Worker of its round and divides medians by the ceiling', () => {
  const empty = [sample(100, 50), sample(200, 60), sample(150, 55)]
  const rows = summarizeCold(
    [
      {
        id: 'raw/stateless',
        label: 'raw',
        mode: 'stateless',
        ceilingId: 'raw/stateless',
        bundleBytes: 2048,
        gzipBytes: 1024,
        samples: [sample(110, 60), sample(210, 70), sample(160, 65)],
      },
      // round 2 failed: its pair is left out
      {
        id: 'lib/stateless',
        label: 'lib',
        mode: 'stateless',
        ceilingId: 'raw/stateless',
        bundleBytes: 4096,
        gzipBytes: 2048,
        samples: [sample(130, 80), undefined, sample(180, 85)],
      },
      {
        id: 'bad/stateless',
        label: 'bad',
        mode: 'stateless',
        ceilingId: 'raw/stateless',
        bundleBytes: 0,
        gzipBytes: 0,
        samples: [undefined],
        error: 'boom|x',
      },
    ],
    empty,
  )
  const [raw, lib, bad] = rows
  expect(raw).toMatchObject({
    samples: 3,
    scriptMs: { median: 10 },
    cpuAboveEmptyMs: { median: 10 },
    totalRatio: 1,
    aboveEmptyRatio: 1,
  })
  expect(lib?.samples).toBe(2)
  expect(lib?.scriptMs?.median).toBe(30)
  expect(lib?.scriptCpuMs?.median).toBe(30)
  expect(lib?.cpuAboveEmptyMs?.median).toBe(30)
  expect(lib?.aboveEmptyRatio).toBe(3)
  expect(lib?.totalRatio).toBeCloseTo(165 / 170)
  expect(bad).toMatchObject({ samples: 0, totalMs: undefined, totalRatio: undefined })
  const md = coldMarkdown(rows, spread(empty.map((s) => s.totalMs)))
  expect(md).toContain('| lib | stateless | 4.0 (2.0) | 155.0 (135.0–175.0) | 30.0 (30.0–30.0) |')
  expect(md).toContain('| bad | stateless | 0.0 (0.0) | failed: boom\\|x |')
})
