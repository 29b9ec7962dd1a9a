import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectedFiles, generateCase, goldenCases, goldenDir } from './support/golden.js'

// UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts rewrites the expected outputs; review the diff.
const update = process.env.UPDATE_GOLDEN === '1'

describe.each(goldenCases())('golden %s', (name) => {
  it('generates exactly the expected output', () => {
    const { files } = generateCase(name)
    if (update) {
      rmSync(join(goldenDir, name, 'client'), { recursive: true, force: true })
      for (const file of files) {
        mkdirSync(dirname(join(goldenDir, name, file.path)), { recursive: true })
        writeFileSync(join(goldenDir, name, file.path), file.text)
      }
    }
    expect(files.map((f) => f.path).sort()).toEqual(expectedFiles(name))
    for (const file of files) {
      expect(file.text, `${name}/${file.path}`).toBe(readFileSync(join(goldenDir, name, file.path), 'utf8'))
    }
  })

  it('is deterministic', () => {
    const first = generateCase(name).files
    const second = generateCase(name).files
    expect(second).toEqual(first)
  })
})
