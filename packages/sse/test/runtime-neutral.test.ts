import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..', 'src')

describe('runtime neutrality', () => {
  it('the library imports no Node built-in and no Node-only package (it runs on Workers and any Hono runtime)', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )
    expect(files.length).toBeGreaterThan(5)
    const offenders = files.flatMap((f) => {
      const text = readFileSync(join(SRC, f), 'utf8')
      const specifiers = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '')
      return specifiers
        .filter((s) => s.startsWith('node:') || s === '@hono/node-server' || s.endsWith('/node'))
        .map((s) => `${f}: ${s}`)
    })
    expect(offenders).toEqual([])
  })
})
