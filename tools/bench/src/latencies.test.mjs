import { expect, it } from 'vitest'
import { Latencies } from './latencies.mjs'

it('computes nearest-rank percentiles across buffer growth', () => {
  const l = new Latencies()
  // 1..100000 in shuffled order forces two growths of the 65536-slot buffer
  const n = 100_000
  for (let i = 0; i < n; i++) l.add(((i * 7919) % n) + 1)
  expect(l.length).toBe(n)
  expect(l.quantiles([0.5, 0.99, 1])).toEqual([50_000, 99_000, 100_000])
})

it('is NaN when empty and exact for fractions of a millisecond', () => {
  expect(new Latencies().quantiles([0.5])).toEqual([Number.NaN])
  const l = new Latencies()
  for (const ms of [0.25, 0.125, 0.75, 0.5]) l.add(ms)
  expect(l.quantiles([0.5, 0.99])).toEqual([0.25, 0.75])
})
