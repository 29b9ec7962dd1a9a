import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = new URL('../dist/', import.meta.url).pathname
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]))
// jose 6 is one build on web APIs for every runtime (WebCrypto, no Node built-ins); so is oauth4webapi.
const allowed = new Set(['hono', '@edgemcp/core', '@edgemcp/core/internal', 'jose', 'oauth4webapi'])
/** Node-only entries (subpath exports that say so); everything else must stay on web standards. */
const nodeOnly = new Set(['file-store.js', 'client/file-store.js', 'loopback.js', 'client/loopback.js'])

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

/** Every module `entry` loads, transitively (relative imports resolved inside dist). */
function graph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen
  seen.add(entry)
  for (const s of specifiers(readFileSync(entry, 'utf8')))
    if (s.startsWith('.')) graph(join(entry, '..', s), seen)
    else seen.add(s)
  return seen
}

describe('auth stays on web standards', () => {
  it('imports only relative modules, hono, @edgemcp/core, jose and oauth4webapi from its built output; no Buffer or process', () => {
    const files = jsFiles(dist).filter((f) => !nodeOnly.has(f.slice(dist.length)))
    expect(files.length).toBeGreaterThan(5)
    const offenders = files.flatMap((f) => {
      const code = readFileSync(f, 'utf8')
      const bad = specifiers(code).filter((s) => builtins.has(s) || !(s.startsWith('.') || allowed.has(s)))
      if (/\b(?:Buffer|process|require)\s*[.(]/.test(code)) bad.push('a Node global')
      return bad.map((s) => `${f.slice(dist.length)}: ${s}`)
    })
    expect(offenders).toEqual([])
  })

  it('the client entry (@edgemcp/auth/client) pulls in neither hono, jose nor the server-side verifier', () => {
    const loaded = [...graph(join(dist, 'client.js'))].map((f) =>
      f.startsWith(dist) ? f.slice(dist.length) : f,
    )
    expect(loaded).toContain('oauth4webapi')
    expect(loaded.filter((m) => m === 'hono' || m.startsWith('hono/') || m === 'jose')).toEqual([])
    expect(loaded.filter((m) => /^(bearer-auth|verifier|jwks|metadata)\.js$/.test(m))).toEqual([])
  })
})
