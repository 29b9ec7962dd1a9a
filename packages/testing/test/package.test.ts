// The package as users get it: every export points at a built file, and the built types type-check a consumer.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))

describe('@edgemcp/testing package', () => {
  it('exports only files the build emits', () => {
    const targets: string[] = []
    for (const entry of Object.values(pkg.exports) as Array<string | Record<string, string>>)
      targets.push(...(typeof entry === 'string' ? [entry] : Object.values(entry)))
    for (const target of [...targets, ...pkg.sideEffects])
      expect(existsSync(`${root}${target}`), target).toBe(true)
  })

  it('resolves the spec schemas through @edgemcp/core, not a path into its folder', () => {
    const source = readFileSync(`${root}src/schema/spec-schemas.ts`, 'utf8')
    expect(source).toContain('@edgemcp/core/spec/')
    expect(source).not.toMatch(/packages\/core|\.\.\/core/)
  })

  it('types: matchers and harnesses type-check in a consumer, wrong uses do not', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
    const run = () =>
      execFileSync(process.execPath, [tsc, '-p', 'test/fixtures/consumer/tsconfig.json'], {
        cwd: root,
        encoding: 'utf8',
      })
    expect(run).not.toThrow()
  }, 60_000)
})
