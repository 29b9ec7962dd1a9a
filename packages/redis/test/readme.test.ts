import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The README's examples are files the type checker sees (examples/), kept identical here. */
describe('README', () => {
  it('shows examples/fleet.ts as its first example (which typechecks with the package)', () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const first = /```ts\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(first).toBe(fs.readFileSync(new URL('../examples/fleet.ts', import.meta.url), 'utf8'))
  })

  it('starts with the install line', () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    expect(readme.split('\n').slice(0, 5).join('\n')).toContain('npm install @edgemcp/redis')
  })
})
