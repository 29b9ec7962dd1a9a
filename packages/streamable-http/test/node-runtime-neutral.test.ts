import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..', 'src')

describe('the main entry stays web-standard', () => {
  it('no source file but node.ts imports a Node built-in or @hono/node-server, or uses Node globals', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'node.ts',
    )
    expect(files.length).toBeGreaterThan(20)
    const offenders = files.flatMap((f) => {
      const text = readFileSync(join(SRC, f), 'utf8')
      const specifiers = [...text.matchAll(/from '([^']+)'|import\('([^']+)'\)/g)].map(
        (m) => m[1] ?? m[2] ?? '',
      )
      const imports = specifiers.filter((s) => s.startsWith('node:') || s.startsWith('@hono/node-server'))
      const globals = [...text.matchAll(/\b(Buffer|process|setImmediate|require)\b[.(]/g)].map((m) => m[1])
      return [...imports, ...globals].map((s) => `${f}: ${s}`)
    })
    expect(offenders).toEqual([])
  })
})
