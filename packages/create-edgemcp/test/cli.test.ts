// The built bin as npm runs it (node bin/create-edgemcp.js), on bad input and with --no-install.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../bin/create-edgemcp.js', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'create-edgemcp-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const create = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  })

describe('bad input', () => {
  it('an unknown template: exit 2, the names to choose from', () => {
    const r = create(['x', '--template', 'nope'])
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('unknown template "nope": choose one of worker, worker-oauth, node, stdio')
  })

  it('a non-empty directory: exit 3, nothing written', () => {
    mkdirSync(join(root, 'full'))
    writeFileSync(join(root, 'full', 'notes.txt'), 'mine')
    const r = create(['full', '-t', 'node', '--no-install'])
    expect(r.status).toBe(3)
    expect(r.stderr).toContain('is not empty (notes.txt)')
    expect(readFileSync(join(root, 'full', 'notes.txt'), 'utf8')).toBe('mine')
  })

  it('an install that fails (no registry): exit 1, what to run', () => {
    const r = create(['offline', '-t', 'stdio', '--install'], {
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_offline: 'true',
      npm_config_fetch_retries: '0',
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('the install failed')
    expect(r.stderr).toMatch(/cd offline\n\s+npm install/)
  })
})

it.each(['worker', 'worker-oauth', 'node', 'stdio'])('--no-install writes %s and says what to run', (t) => {
  const r = create([`p-${t}`, '--template', t, '--no-install'])
  expect(r.status, r.stderr).toBe(0)
  expect(r.stdout).toContain(`cd p-${t}\n  npm install\n  npm run dev`)
  const pkg = JSON.parse(readFileSync(join(root, `p-${t}`, 'package.json'), 'utf8'))
  const ours = JSON.parse(readFileSync(new URL('../../core/package.json', import.meta.url), 'utf8'))
  expect(pkg.name).toBe(`p-${t}`)
  expect(pkg.dependencies['@edgemcp/core']).toBe(ours.version)
  expect(Object.values({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain('*')
  expect(readFileSync(join(root, `p-${t}`, '.gitignore'), 'utf8')).toContain('node_modules/')
})
