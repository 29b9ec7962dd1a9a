import { describe, expect, it } from 'vitest'
import { parseOptions } from './options.mjs'

describe('parseOptions', () => {
  it('uses the documented defaults', () => {
    const o = parseOptions([], {})
    expect(o).toMatchObject({ duration: 10, warmup: 2, connections: 50, rounds: 2, serverCpu: 0, loadCpu: 1 })
    expect(o).toMatchObject({ cold: 20, load: true })
    expect(o.json).toBeUndefined()
    expect(o.charts).toBeUndefined()
    expect(o.only).toBeUndefined()
  })

  it('--quick shortens runs but explicit values win', () => {
    expect(parseOptions(['--quick'], {})).toMatchObject({ duration: 2, warmup: 1, quick: true, cold: 3 })
    expect(parseOptions(['--cold', '0', '--no-load', '--charts', 'd'], {})).toMatchObject({
      cold: 0,
      load: false,
      charts: 'd',
    })
    expect(parseOptions(['--quick', '--duration', '5'], {}).duration).toBe(5)
  })

  it('reads BENCH_* env and lets flags override it', () => {
    const env = {
      BENCH_DURATION: '7',
      BENCH_CONNECTIONS: '10',
      BENCH_JSON: 'x.json',
      BENCH_ONLY: 'mcp-lite, edgemcp',
    }
    expect(parseOptions([], env)).toMatchObject({ duration: 7, connections: 10, json: 'x.json' })
    expect(parseOptions([], env).only).toEqual(['mcp-lite', 'edgemcp'])
    expect(parseOptions(['--connections=3', '--json', 'y.json'], env)).toMatchObject({
      connections: 3,
      json: 'y.json',
    })
  })

  it('rejects bad values, fewer than 2 rounds and a shared core', () => {
    expect(() => parseOptions(['--duration', 'ten'], {})).toThrow(/duration/)
    expect(() => parseOptions(['--rounds', '1'], {})).toThrow(/rounds must be an integer >= 2/)
    expect(() => parseOptions(['--load-cpu', '0'], {})).toThrow(/different cores/)
    expect(() => parseOptions(['--nope'], {})).toThrow()
  })
})
