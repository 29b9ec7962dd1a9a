import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = join(import.meta.dirname, '../../dist')
const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
const specifiers = (source: string) =>
  [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => (m[1] ?? m[2]) as string)
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]))
// No hono: the Worker serves with the transports' fetch handlers.
const allowed = (s: string) => s.startsWith('.') || s.startsWith('@edgemcp/') || s === 'cloudflare:workers'

describe('built output', () => {
  it('exists (build before testing)', () => {
    expect(files).toContain('index.js')
  })

  it.each(files)('%s imports no Node built-in, only our packages and cloudflare:workers', (file) => {
    const imports = specifiers(readFileSync(join(dist, file), 'utf8'))
    expect(imports.filter((s) => builtins.has(s))).toEqual([])
    expect(imports.filter((s) => !allowed(s))).toEqual([])
    expect(readFileSync(join(dist, file), 'utf8')).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\b/)
  })
})
