import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = new URL('../dist/', import.meta.url).pathname
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]))
// jose 6 is one build on web APIs for every runtime (WebCrypto, no Node built-ins).
const allowed = new Set(['hono', '@edgemcp/core', 'jose'])

const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  )

const specifiers = (code: string): string[] =>
  [
    ...code.matchAll(
      /\b(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]/g,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3]) as string)

describe('auth stays on web standards', () => {
  it('imports only relative modules, hono, @edgemcp/core and jose from its built output; no Buffer or process', () => {
    const files = jsFiles(dist)
    expect(files.length).toBeGreaterThan(5)
    const offenders = files.flatMap((f) => {
      const code = readFileSync(f, 'utf8')
      const bad = specifiers(code).filter((s) => builtins.has(s) || !(s.startsWith('.') || allowed.has(s)))
      if (/\b(?:Buffer|process|require)\s*[.(]/.test(code)) bad.push('a Node global')
      return bad.map((s) => `${f.slice(dist.length)}: ${s}`)
    })
    expect(offenders).toEqual([])
  })
})
