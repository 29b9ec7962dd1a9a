/**
 * The committed generated files must equal what the generator produces from the committed in-repo inputs
 * (packages/core/spec/*.schema.json and the example fixtures). Never reads the shared folder.
 * On failure: run `npm run spec:sync` and commit the result.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateAll } from './generated-files.js'
import { REVISIONS, repoPaths, repoRoot } from './layout.js'

const root = repoRoot()
const expected = generateAll(root)

describe('generated files are up to date', () => {
  it('covers the types of every revision, the index and the examples module', () => {
    expect([...expected.keys()].sort()).toEqual(
      [
        ...REVISIONS.map((rev) => repoPaths.generatedTypes(rev)),
        repoPaths.typesIndex,
        repoPaths.examplesModule,
      ].sort(),
    )
  })

  it.each([...expected.keys()])('%s', (relPath) => {
    const committed = readFileSync(join(root, relPath), 'utf8')
    // Compare as strings (byte for byte): a mismatch shows a readable diff.
    expect(committed).toBe(expected.get(relPath))
  })
})
