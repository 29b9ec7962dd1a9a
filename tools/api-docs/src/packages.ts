import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (this file is tools/api-docs/src/packages.ts, or dist/packages.js once built). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export interface DocumentedPackage {
  name: string
  dir: string
  /** The sources of the public entry points: `.` → src/index.ts, `./node` → src/node.ts, … */
  entryPoints: string[]
  /** Every import specifier of the package (`./internal` included) → its source file. */
  sources: Record<string, string>
}

/**
 * Every published package under packages/ and the sources of its public entry points, read from its exports
 * map: an export whose types are `./dist/<x>.d.ts` is documented from `src/<x>.ts`. `./internal` subpaths
 * (not public API), `./package.json` and wildcard exports (data files) are left out.
 */
export function documentedPackages(): DocumentedPackage[] {
  const base = join(repoRoot, 'packages')
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(base, d.name, 'package.json')))
    .map((d) => {
      const dir = join(base, d.name)
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string
        private?: boolean
        exports?: Record<string, unknown>
      }
      return { pkg, dir }
    })
    .filter(({ pkg }) => pkg.private !== true)
    .map(({ pkg, dir }) => {
      const entryPoints: string[] = []
      const sources: Record<string, string> = {}
      for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
        if (subpath === './package.json' || subpath.includes('*')) continue
        const types =
          typeof target === 'object' && target !== null ? (target as { types?: string }).types : undefined
        const m = types === undefined ? null : /^\.\/dist\/(.+)\.d\.ts$/.exec(types)
        if (!m) continue
        const source = join(dir, 'src', `${m[1]}.ts`)
        if (!existsSync(source)) throw new Error(`${pkg.name}: no source ${source} for export ${subpath}`)
        sources[pkg.name + subpath.slice(1)] = source
        if (!/(^|\/)internal$/.test(subpath)) entryPoints.push(source)
      }
      return { name: pkg.name, dir, entryPoints, sources }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}
