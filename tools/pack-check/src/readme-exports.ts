import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WorkspacePackage } from './packages.js'

/**
 * The values (functions, classes, constants) a package's public entry points export, read from its checked-in
 * API reports (`api/<entry>.api.md`, written by `npm run api:update`): what a user calls, so what its README
 * must name. Types are left to the API reference.
 */
export function exportedValues(pkg: WorkspacePackage): string[] {
  const dir = join(pkg.path, 'api')
  if (!existsSync(dir)) return []
  const names = new Set<string>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.api.md')))
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(
      /^export declare (?:abstract )?(?:function|class|const|let|enum) ([A-Za-z_$][\w$]*)/gm,
    ))
      names.add(m[1]!)
  return [...names].sort()
}

/** The exported values that `readme` never names (as a whole word). */
export function undocumented(values: readonly string[], readme: string): string[] {
  return values.filter(
    (name) => !new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}($|[^\\w$])`).test(readme),
  )
}
