/**
 * Syncs the official MCP schemas from the shared folder into the repo and regenerates everything derived
 * from them. Run with `npm run spec:sync` (compiles this package, then runs dist/sync.js).
 *
 * 1. /shared/mcp-schema/<rev>/schema.json -> packages/core/spec/<rev>.schema.json (descriptions stripped)
 * 2. <examples rev>/examples/<Type>/<file>.json -> packages/core/test/fixtures/examples/ (verbatim copy)
 * 3. packages/core/src/types/*.generated.ts, index.ts and test/fixtures/examples.generated.ts
 */

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { generateAll } from './generated-files.js'
import {
  REVISIONS,
  repoPaths,
  repoRoot,
  sharedDir,
  upstreamExamplesDir,
  upstreamSchemaPath,
} from './layout.js'
import { stripSchemaText } from './strip-descriptions.js'

function write(root: string, relPath: string, content: string): void {
  const path = join(root, relPath)
  mkdirSync(dirname(path), { recursive: true })
  const changed = !existsSync(path) || readFileSync(path, 'utf8') !== content
  if (changed) writeFileSync(path, content)
  console.log(`${changed ? 'wrote    ' : 'unchanged'} ${relPath}`)
}

function sync(root: string = repoRoot(), shared: string = sharedDir(root)): void {
  for (const rev of REVISIONS) {
    const upstream = upstreamSchemaPath(shared, rev)
    if (!existsSync(upstream))
      throw new Error(`missing ${upstream} (set EDGEMCP_SHARED to the shared folder)`)
    write(root, repoPaths.specSchema(rev), stripSchemaText(readFileSync(upstream, 'utf8')))
  }

  const examplesTarget = join(root, repoPaths.examplesDir)
  rmSync(examplesTarget, { recursive: true, force: true })
  cpSync(upstreamExamplesDir(shared), examplesTarget, { recursive: true })
  console.log(`copied    ${repoPaths.examplesDir}/`)

  for (const [relPath, content] of generateAll(root)) write(root, relPath, content)
}

sync()
