import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { publishedPackages, repoRoot, type WorkspacePackage } from './packages.js'
import { cleanEnv, runOk } from './run.js'

export interface PackedPackage {
  name: string
  version: string
  /** Where it lives in this repository, e.g. `packages/core`. */
  dir: string
  tarball: string
  sha256: string
  /** Paths inside the tarball, without the `package/` prefix. */
  files: string[]
  json: WorkspacePackage['json']
}

/**
 * `npm pack` of every published package (found under packages/, not listed) into `outDir`, in one npm run.
 * npm packs with fixed file dates, so the same sources give the same tarball and the same sha256.
 */
export async function packAll(outDir: string): Promise<PackedPackage[]> {
  mkdirSync(outDir, { recursive: true })
  const pkgs = publishedPackages()
  const stdout = await runOk(
    'npm',
    ['pack', '--json', '--pack-destination', outDir, ...pkgs.map((p) => `--workspace=${p.dir}`)],
    { cwd: repoRoot, env: cleanEnv() },
  )
  const packed = JSON.parse(stdout) as Array<{
    name: string
    filename: string
    files: Array<{ path: string }>
  }>
  return pkgs.map((p) => {
    const entry = packed.find((e) => e.name === p.json.name)
    if (!entry) throw new Error(`npm pack did not pack ${p.json.name}`)
    const tarball = join(outDir, entry.filename)
    return {
      name: p.json.name,
      version: p.json.version,
      dir: p.dir,
      tarball,
      sha256: createHash('sha256').update(readFileSync(tarball)).digest('hex'),
      files: entry.files.map((f) => f.path).sort(),
      json: p.json,
    }
  })
}
