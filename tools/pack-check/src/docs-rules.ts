import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { repoRoot, type WorkspacePackage } from './packages.js'
import { codeBlocks } from './readme-blocks.js'

/** Inline Markdown links and images outside code blocks: `[text](target)`, with their 1-based lines. */
export function markdownLinks(markdown: string): Array<{ target: string; line: number }> {
  const links: Array<{ target: string; line: number }> = []
  let fence: string | undefined
  markdown.split('\n').forEach((text, i) => {
    const open = /^\s*(`{3,})/.exec(text)?.[1]
    if (open && (fence === undefined || open.startsWith(fence))) {
      fence = fence === undefined ? open : undefined
      return
    }
    if (fence !== undefined) return
    for (const m of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
      links.push({ target: m[1]!, line: i + 1 })
  })
  return links
}

/**
 * The links of a package README that are dead on npm: a relative link to anything outside the package (npm
 * shows the README without the repository around it), or to a file of the package that is not published.
 * Links must be absolute (`https://github.com/edgemcp/edgemcp/tree/main/...`) or anchors of the page.
 */
export function deadReadmeLinks(pkg: WorkspacePackage, markdown: string): string[] {
  const shipped = ['README.md', 'package.json', ...(pkg.json.files ?? [])]
  const problems: string[] = []
  for (const { target, line } of markdownLinks(markdown)) {
    const inRepo = /^https:\/\/github\.com\/edgemcp\/edgemcp\/(?:tree|blob)\/main\/([^#?]*)/.exec(target)
    if (inRepo) {
      // Absolute, so npm shows it working; it must still name something this repository has.
      if (!existsSync(join(repoRoot, decodeURIComponent(inRepo[1]!))))
        problems.push(`${pkg.dir}/README.md:${line}: ${target} names no file of the repository`)
      continue
    }
    if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('#')) continue
    const path = relative(pkg.path, resolve(pkg.path, target.replace(/[#?].*$/, '')))
    const where = `${pkg.dir}/README.md:${line}: ${target}`
    if (path.startsWith('..') || path === '') problems.push(`${where} leaves the package`)
    else if (!shipped.some((f) => path === f || path.startsWith(`${f}/`)))
      problems.push(`${where} is not in the published files`)
  }
  return problems
}

/** The Markdown files a user reads: the root README, every package's and app's README, docs/ (recursively). */
export function userDocs(): string[] {
  const files = [join(repoRoot, 'README.md'), join(repoRoot, 'CONTRIBUTING.md')]
  for (const group of ['packages', 'apps'])
    for (const d of readdirSync(join(repoRoot, group)))
      if (existsSync(join(repoRoot, group, d, 'README.md'))) files.push(join(repoRoot, group, d, 'README.md'))
  for (const f of readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' }))
    if (f.endsWith('.md')) files.push(join(repoRoot, 'docs', f))
  return files
}

/**
 * The @edgemcp packages a README's TypeScript examples import that its install block (the first shell block)
 * does not install (`own`, the README's package, aside): with pnpm (strict node_modules) a package reached only through another one's
 * dependencies cannot be imported.
 */
export function importsNotInstalled(markdown: string, file: string, own?: string): string[] {
  const blocks = codeBlocks(markdown, file)
  const install = blocks.find((b) => ['sh', 'bash', 'shell'].includes(b.lang))?.code ?? ''
  // The package itself: whether the README installs it is the install-line test's to say.
  const installed = new Set([...(install.match(/@edgemcp\/[a-z-]+/g) ?? []), ...(own ? [own] : [])])
  const imported = new Set<string>()
  for (const b of blocks.filter((b) => ['ts', 'typescript', 'tsx', 'mts'].includes(b.lang)))
    for (const m of b.code.matchAll(/from '(@edgemcp\/[a-z-]+)[^']*'/g)) imported.add(m[1]!)
  return [...imported].filter((p) => !installed.has(p)).sort()
}

/** Reads a file relative to the repository root. */
export const readRepoFile = (path: string) => readFileSync(join(repoRoot, path), 'utf8')

/**
 * The log lines a package's source writes by itself: the `edgemcp: …` message of every `console.error` /
 * `console.warn` / `console.log` / `console.info` call in `src` (tests aside), as written (`${…}` kept), with
 * where it is.
 */
export function loggedLines(pkg: WorkspacePackage): Array<{ message: string; at: string }> {
  const found: Array<{ message: string; at: string }> = []
  const src = join(pkg.path, 'src')
  if (!existsSync(src)) return found
  for (const f of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.ts') || /\.test\.ts$/.test(f)) continue
    const text = readFileSync(join(src, f), 'utf8')
    for (const m of text.matchAll(/console\.(?:error|warn|log|info)\(\s*(['`])(edgemcp: [^'`]*)\1/g)) {
      const line = text.slice(0, m.index).split('\n').length
      found.push({ message: m[2]!, at: `${pkg.dir}/src/${f}:${line}` })
    }
  }
  return found
}

/**
 * Whether `shown` (a line as a guide shows it: `edgemcp: internal error <id>: <the error>`) is the line
 * `message` (as the source writes it) up to its first `;`: every `${…}` of the source may stand for anything.
 */
export function showsLine(shown: string, message: string): boolean {
  const head = message.split(';')[0]!
  const pattern = head
    .split(/\$\{[^}]*\}/)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?')
  return new RegExp(`^${pattern}`).test(shown)
}
