import { describe, expect, it } from 'vitest'
import { entries } from './budgets.mjs'
import { measure } from './measure.mjs'

describe('bundle-size budgets', () => {
  it.each(entries)('$name stays within budget', async (entry) => {
    const m = await measure(entry)
    expect(m.minified).toBeGreaterThan(1000)
    expect(m.gzipped).toBeLessThanOrEqual(entry.budgetGzip)
    for (const s of entry.mustNotContain ?? []) expect(m.code).not.toContain(s)
  })
})
