import { describe, expect, it } from 'vitest'
import { pool } from './client.js'
import { seededRandom } from './random.js'

describe('pool', () => {
  it('runs every index once, at most `concurrency` at a time, results in order', async () => {
    let running = 0
    let peak = 0
    const out = await pool(20, 3, async (i) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, 1 + (i % 3)))
      running--
      return i * 2
    })
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i * 2))
    expect(peak).toBe(3)
  })
})

describe('seededRandom', () => {
  it('repeats for a seed, differs across seeds, stays in [0, 1)', () => {
    const a = Array.from({ length: 5 }, seededRandom(1))
    expect(Array.from({ length: 5 }, seededRandom(1))).toEqual(a)
    expect(Array.from({ length: 5 }, seededRandom(2))).not.toEqual(a)
    for (const v of Array.from({ length: 1000 }, seededRandom(3))) expect(v >= 0 && v < 1).toBe(true)
  })
})
