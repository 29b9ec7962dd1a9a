// Writes dist/versions.json at build time: the current version of every published @edgemcp package of this
// repository (its siblings under packages/), so the projects it creates depend on exactly those.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const packages = join(import.meta.dirname, '..', '..')
const versions = {}
for (const dir of readdirSync(packages).sort()) {
  const file = join(packages, dir, 'package.json')
  if (!existsSync(file)) continue
  const pkg = JSON.parse(readFileSync(file, 'utf8'))
  if (pkg.private !== true && pkg.name.startsWith('@edgemcp/')) versions[pkg.name] = pkg.version
}
writeFileSync(
  join(import.meta.dirname, '..', 'dist', 'versions.json'),
  `${JSON.stringify(versions, null, 2)}\n`,
)
