import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiReport, entryPoints, ROOT, reportFile } from './report.js'

const entries = entryPoints()
const reports = apiReport(entries)

describe('API reports', () => {
  it('covers every published package, each a devDependency here so that turbo builds it first', () => {
    const names = [...new Set(entries.map((e) => e.packageName))]
    expect(names).toEqual(
      expect.arrayContaining(['@edgemcp/core', '@edgemcp/streamable-http', '@edgemcp/workers']),
    )
    const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      devDependencies: Record<string, string>
    }
    expect(names.filter((n) => !(n in own.devDependencies))).toEqual([])
  })

  for (const [entry, text] of reports) {
    const file = reportFile(entry)
    it(`${relative(ROOT, file)} is up to date (npm run api:update after an intended API change)`, () => {
      expect(existsSync(file), `${relative(ROOT, file)} is missing: run npm run api:update`).toBe(true)
      expect(text).toBe(readFileSync(file, 'utf8'))
    })
  }

  it('lists no building block of an ./internal entry point', async () => {
    const internal = new Set<string>()
    for (const pkg of ['core', 'streamable-http', 'sse']) {
      const path = `${ROOT}/packages/${pkg}/dist/internal.js`
      if (existsSync(path)) for (const name of Object.keys(await import(path))) internal.add(name)
    }
    expect(internal.size).toBeGreaterThan(0)
    for (const [entry, text] of reports) {
      const exported = [...text.matchAll(/^\/\/ (\S+)/gm)].map((m) => m[1])
      expect(
        exported.filter((n) => n !== undefined && internal.has(n)),
        `${entry.packageName}${entry.subpath}`,
      ).toEqual([])
    }
  })
})
