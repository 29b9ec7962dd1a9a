import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = new URL('../dist/', import.meta.url).pathname
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]))

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  )
}

/** Every module specifier a file imports or re-exports, statically or dynamically. */
export function specifiers(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(
    /\b(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]/g,
  ))
    out.push((m[1] ?? m[2] ?? m[3]) as string)
  return out
}

describe('core stays runtime-neutral', () => {
  it('finds the specifiers of every import form', () => {
    expect(
      specifiers(
        `import a from 'node:fs'; export { b } from "./x.js"; await import('path'); import 'events'`,
      ),
    ).toEqual(['node:fs', './x.js', 'path', 'events'])
  })

  it('imports no Node built-in anywhere in the built output', () => {
    const files = jsFiles(dist)
    expect(files.length).toBeGreaterThan(10)
    const offenders = files.flatMap((f) =>
      specifiers(readFileSync(f, 'utf8'))
        .filter((s) => builtins.has(s))
        .map((s) => `${f.slice(dist.length)} imports ${s}`),
    )
    expect(offenders).toEqual([])
  })
})
