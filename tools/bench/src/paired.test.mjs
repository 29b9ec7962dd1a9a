import { expect, it } from 'vitest'
import { formatSpread, pairedRatios, pairedSpread, spreadOf } from './paired.mjs'

it('divides each round by the ceiling of the same round, not by the mean of its rounds', () => {
  // the host runs fast (85 µs) or slow (135 µs); the contender costs 1.2× the ceiling in each mode
  const ceiling = { rounds: [1, 2, 3], values: [85, 135, 85] }
  const contender = { rounds: [1, 2, 3], values: [102, 162, 102] }
  expect(pairedRatios(contender, ceiling).map((r) => r.toFixed(3))).toEqual(['1.200', '1.200', '1.200'])
  // the host turned slow between the ceiling and the contender in round 1: the ratio of means says 1.40×, the
  // median of the paired rounds still 1.2× (round 1 alone is the max)
  const unlucky = { rounds: [1, 2, 3], values: [162, 162, 102] }
  const means = (162 + 162 + 102) / (85 + 135 + 85)
  expect(means).toBeCloseTo(1.4, 2)
  const spread = pairedSpread(unlucky, ceiling)
  expect(spread?.median).toBeCloseTo(1.2, 6)
  expect(spread?.min).toBeCloseTo(1.2, 6)
  expect(spread?.max).toBe(162 / 85)
  expect(spread?.n).toBe(3)
})

it('pairs by round number and leaves out rounds missing or unmeasured on either side', () => {
  const ceiling = { rounds: [1, 2, 4], values: [100, 0, 50] }
  const contender = { rounds: [1, 2, 3, 4], values: [200, 300, 400, undefined] }
  // round 2: the ceiling's 0 cannot divide; round 3: no ceiling; round 4: no figure
  expect(pairedRatios(contender, ceiling)).toEqual([2])
  expect(pairedRatios({ rounds: [], values: [] }, ceiling)).toEqual([])
})

it('takes the median (the middle two averaged for an even count) with min and max', () => {
  expect(spreadOf([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 })
  expect(spreadOf([4, 1, 2, 10])).toEqual({ median: 3, min: 1, max: 10, n: 4 })
  expect(spreadOf([7])).toEqual({ median: 7, min: 7, max: 7, n: 1 })
  expect(spreadOf([])).toBeUndefined()
})

it('formats a spread as median (min–max)', () => {
  expect(formatSpread({ median: 1.2149, min: 1.1, max: 1.354, n: 3 })).toBe('1.21× (1.10–1.35)')
  expect(formatSpread({ median: 4.4, min: 4.4, max: 4.4, n: 1 })).toBe('4.40×')
  expect(formatSpread(undefined)).toBe('–')
})
