import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (this file is tools/pack-check/src/packages.ts). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export type DependencyMap = Record<string, string>

/** The fields of a package.json this tool reads. */
export interface PackageJson {
  name: string
  version: string
  private?: boolean
  license?: string
  repository?: { type?: string; url?: string; directory?: string } | string
  homepage?: string
  bugs?: { url?: string } | string
  files?: string[]
  bin?: string | Record<string, string>
  exports?: unknown
  dependencies?: DependencyMap
  peerDependencies?: DependencyMap
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  optionalDependencies?: DependencyMap
  devDependencies?: DependencyMap
}

export interface WorkspacePackage {
  /** Directory relative to the repository root, e.g. `packages/core`. */
  dir: string
  /** Absolute directory. */
  path: string
  json: PackageJson
}

function readPackages(group: string): WorkspacePackage[] {
  const base = join(repoRoot, group)
  if (!existsSync(base)) return []
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(base, d.name, 'package.json')))
    .map((d) => ({
      dir: `${group}/${d.name}`,
      path: join(base, d.name),
      json: JSON.parse(readFileSync(join(base, d.name, 'package.json'), 'utf8')) as PackageJson,
    }))
    .sort((a, b) => a.dir.localeCompare(b.dir))
}

/** Every workspace package (packages/*, apps/*, tools/*). */
export function workspacePackages(): WorkspacePackage[] {
  return ['packages', 'apps', 'tools'].flatMap(readPackages)
}

/**
 * The packages published to npm: every non-private package under packages/ — found, not listed, so a new
 * package is checked from the day it is added.
 */
export function publishedPackages(): WorkspacePackage[] {
  return readPackages('packages').filter((p) => p.json.private !== true)
}
