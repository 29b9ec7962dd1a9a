import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publishedPackages, repoRoot } from './packages.js'

describe('tools/pack-check itself', () => {
  it('lists every published package as a devDependency, so turbo builds each before the consumer test packs it', () => {
    const own = JSON.parse(readFileSync(join(repoRoot, 'tools/pack-check/package.json'), 'utf8')) as {
      devDependencies: Record<string, string>
    }
    const missing = publishedPackages()
      .map((p) => p.json.name)
      .filter((name) => own.devDependencies[name] === undefined)
    expect(missing, 'add them to tools/pack-check/package.json devDependencies as "*"').toEqual([])
  })
})
