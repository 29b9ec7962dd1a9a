import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { projectPackageJson, type TemplateName } from './templates.js'

const templatesDir = fileURLToPath(new URL('../templates', import.meta.url))

/** Files a directory may hold and still be created into (an empty clone, an editor's folder). */
const HARMLESS = new Set(['.git', '.DS_Store', '.idea', '.vscode', 'Thumbs.db'])

/** Why `dir` cannot take a new project, or undefined when it can (absent, or empty but for harmless files). */
export function targetProblem(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return `${dir} exists and is not a directory`
  }
  const other = entries.filter((e) => !HARMLESS.has(e))
  if (other.length > 0)
    return `${dir} is not empty (${other.slice(0, 3).join(', ')}${other.length > 3 ? ', …' : ''}): choose a new directory or empty it`
  return undefined
}

/** The npm package name for a directory: its base name, lower-cased, characters npm rejects replaced. */
export function packageName(dir: string): string {
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+/, '')
  return name === '' ? 'my-mcp-server' : name.slice(0, 214)
}

/** Copies the template into `dir` and writes its package.json (and, for Workers, a local MRTR secret). */
export function scaffold(options: {
  dir: string
  template: TemplateName
  versions: Readonly<Record<string, string>>
  nodeVersion: string
}): void {
  const from = join(templatesDir, options.template)
  mkdirSync(options.dir, { recursive: true })
  cpSync(from, options.dir, { recursive: true, filter: (src) => basename(src) !== 'package.json' })
  // The files both Worker templates have alike (the test's wrangler dev runner, the Vitest and TypeScript
  // settings, .gitignore) are kept once, in templates/_worker.
  if (options.template.startsWith('worker'))
    cpSync(join(templatesDir, '_worker'), options.dir, { recursive: true })
  // npm leaves .gitignore out of published packages: the templates carry it as _gitignore.
  if (existsSync(join(options.dir, '_gitignore')))
    renameSync(join(options.dir, '_gitignore'), join(options.dir, '.gitignore'))
  const template = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'))
  const pkg = projectPackageJson(template, {
    name: packageName(options.dir),
    versions: options.versions,
    nodeVersion: options.nodeVersion,
  })
  writeFileSync(join(options.dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
  const wrangler = join(options.dir, 'wrangler.jsonc')
  if (existsSync(wrangler))
    // The Worker's name on Cloudflare: the project's.
    writeFileSync(
      wrangler,
      readFileSync(wrangler, 'utf8').replace(
        '"name": "my-mcp-worker"',
        `"name": ${JSON.stringify(pkg.name)}`,
      ),
    )
  if (options.template.startsWith('worker'))
    // wrangler dev reads .dev.vars (git-ignored): 2026-07-28 input rounds are signed with this secret.
    writeFileSync(join(options.dir, '.dev.vars'), `MCP_MRTR_SECRET=${randomBytes(32).toString('hex')}\n`)
}

/** The versions of the @edgemcp packages this build of create-edgemcp belongs to (dist/versions.json). */
export function ourVersions(): Record<string, string> {
  return JSON.parse(readFileSync(new URL('./versions.json', import.meta.url), 'utf8'))
}
