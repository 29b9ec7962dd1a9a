import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { goldenDir } from './support/golden.js'
import { typecheck } from './support/typecheck.js'

/** Every .ts under test/golden: the expected outputs and the hand-written usage files beside them. */
function goldenSources(): string[] {
  return readdirSync(goldenDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

describe('golden outputs', () => {
  it('all type-check together in one strict program (with their usage files)', () => {
    const files = goldenSources()
    expect(files.filter((f) => f.endsWith('usage.ts')).length).toBeGreaterThan(0)
    expect(typecheck(files)).toEqual([])
  })

  it('a wrong argument type is a compile error (the check can fail)', () => {
    const usage = join(goldenDir, 'basic', 'wrong-usage.ts')
    const text = `import { getSum, type ToolCaller } from './client.js'
declare const client: ToolCaller
void getSum(client, { a: 'not a number' })
`
    const errors = typecheck([join(goldenDir, 'basic', 'client.ts'), usage], new Map([[usage, text]]))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/wrong-usage\.ts:3:.*not assignable to type 'number'/)
  })
})
