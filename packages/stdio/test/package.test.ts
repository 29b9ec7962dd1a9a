import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

it('exports only files the build emits', () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))
  for (const entry of Object.values(pkg.exports) as Array<string | Record<string, string>>)
    for (const target of typeof entry === 'string' ? [entry] : Object.values(entry))
      expect(existsSync(`${root}${target}`), target).toBe(true)
})
