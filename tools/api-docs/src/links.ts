import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export interface BrokenLink {
  /** The page or Markdown file, relative to the checked root. */
  from: string
  href: string
  problem: string
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

/** Every `id` and `name` attribute of an HTML page: the anchors a `#fragment` may point at. */
function htmlAnchors(html: string): Set<string> {
  const ids = new Set<string>()
  for (const m of html.matchAll(/\s(?:id|name)="([^"]*)"/g)) ids.add(decodeEntities(m[1]!))
  return ids
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f))
}

/**
 * Checks every relative `href` and `src` of the HTML pages under `root`: the file must exist, and a
 * `#fragment` must name an `id` (or `name`) on the target page. Links to other sites are not fetched.
 */
export function brokenHtmlLinks(root: string): BrokenLink[] {
  const anchors = new Map<string, Set<string>>()
  const anchorsOf = (file: string) => {
    let set = anchors.get(file)
    if (!set) {
      set = htmlAnchors(readFileSync(file, 'utf8'))
      anchors.set(file, set)
    }
    return set
  }
  const broken: BrokenLink[] = []
  for (const page of htmlFiles(root)) {
    const html = readFileSync(page, 'utf8')
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const href = decodeEntities(m[1]!)
      if (href === '' || EXTERNAL.test(href)) continue
      const [path = '', fragment] = href.split('#') as [string, string | undefined]
      const target = path === '' ? page : resolve(dirname(page), decodeURIComponent(path.split('?')[0]!))
      const from = relative(root, page)
      if (!existsSync(target)) broken.push({ from, href, problem: 'no such file' })
      else if (fragment && target.endsWith('.html') && !anchorsOf(target).has(decodeURIComponent(fragment)))
        broken.push({ from, href, problem: `no anchor #${fragment}` })
    }
  }
  return broken
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!m) continue
    const base = m[1]!
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    slugs.add(n === 0 ? base : `${base}-${n}`)
  }
  return slugs
}

/**
 * Checks the relative links of Markdown files: `[text](path)`, `[text](path#heading)`, `[text](#heading)`.
 * A path must exist (a directory counts, as GitHub and npm show its README; `dir#readme` is fine); a heading
 * fragment into a Markdown file must match one of its headings.
 */
export function brokenMarkdownLinks(files: readonly string[], root: string): BrokenLink[] {
  const broken: BrokenLink[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/^\s*```[\s\S]*?^\s*```/gm, '')
    for (const m of text.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const href = m[1]!
      if (EXTERNAL.test(href)) continue
      const [path = '', fragment] = href.split('#') as [string, string | undefined]
      const target = path === '' ? file : resolve(dirname(file), path)
      const from = relative(root, file)
      if (!existsSync(target)) {
        broken.push({ from, href, problem: 'no such file' })
        continue
      }
      const isDir = statSync(target).isDirectory()
      if (fragment === undefined || (isDir && fragment === 'readme')) continue
      const markdown = isDir ? join(target, 'README.md') : target
      if (!markdown.endsWith('.md') || !existsSync(markdown)) continue
      if (!headingSlugs(readFileSync(markdown, 'utf8')).has(fragment))
        broken.push({ from, href, problem: `no heading #${fragment}` })
    }
  }
  return broken
}

export const formatBroken = (b: BrokenLink) => `${b.from}: ${b.href} (${b.problem})`
