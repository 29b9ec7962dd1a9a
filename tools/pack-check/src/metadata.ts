import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot, type WorkspacePackage } from './packages.js'

/**
 * What npm shows and ships besides the code: the MIT license (the same text as the repository's LICENSE, listed
 * in `files`), and where the source, home page and issue tracker are.
 */
export function metadataProblems(pkg: WorkspacePackage): string[] {
  const { json, path, dir } = pkg
  const problems: string[] = []
  if (json.license !== 'MIT') problems.push(`license is ${JSON.stringify(json.license)}, not "MIT"`)
  const license = join(path, 'LICENSE')
  if (!existsSync(license)) problems.push('has no LICENSE file')
  else if (readFileSync(license, 'utf8') !== readFileSync(join(repoRoot, 'LICENSE'), 'utf8'))
    problems.push('LICENSE differs from the repository root LICENSE')
  if (!json.files?.includes('LICENSE')) problems.push('"files" does not list LICENSE')
  const repo = json.repository
  if (typeof repo !== 'object' || !repo.url?.startsWith('git+https://') || repo.directory !== dir)
    problems.push(`repository must be { type: "git", url: "git+https://…", directory: "${dir}" }`)
  if (!json.homepage?.startsWith('https://')) problems.push('has no https homepage')
  const bugs = typeof json.bugs === 'string' ? json.bugs : json.bugs?.url
  if (!bugs?.startsWith('https://')) problems.push('has no bugs URL')
  return problems.map((p) => `${json.name}: ${p}`)
}
