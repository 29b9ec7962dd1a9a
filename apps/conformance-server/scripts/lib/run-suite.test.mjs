import { describe, expect, it } from 'vitest'
import { runSuite } from './run-suite.mjs'

describe('runSuite', () => {
  it('does not throw when the runner fails before any target ran: no summaries', async () => {
    const { summaries, stdout } = await runSuite(['--requirements', '1999-01-01'], { cwd: process.cwd() })
    expect(summaries).toEqual([])
    expect(typeof stdout).toBe('string')
  }, 30_000)
})
