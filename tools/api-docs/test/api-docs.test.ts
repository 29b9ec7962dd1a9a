/**
 * The API reference builds from every published package's public entry points with no TypeDoc error or
 * validation warning (an unresolvable {@link} is one), and no link of the generated site or of the Markdown
 * documentation is broken.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuildResult, buildApiDocs } from '../src/build.js'
import { brokenHtmlLinks, brokenMarkdownLinks, formatBroken } from '../src/links.js'
import { repoRoot } from '../src/packages.js'

const out = mkdtempSync(join(tmpdir(), 'edgemcp-api-docs-test-'))
let result: BuildResult
beforeAll(async () => {
  result = await buildApiDocs(out)
})
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('the API reference', () => {
  it('builds every published package without errors or validation warnings', () => {
    expect(result.problems).toEqual([])
    expect(result.packages).toContain('@edgemcp/core')
    expect(existsSync(join(out, 'index.html'))).toBe(true)
    const html = readFileSync(join(out, 'index.html'), 'utf8')
    for (const name of result.packages) expect(html, name).toContain(name)
  })

  it('documents the public API, not the internals', () => {
    const pages = readdirSync(out, { recursive: true, encoding: 'utf8' })
    expect(pages.some((p) => /McpServer\.html$/.test(p))).toBe(true)
    // One module page per public entry point; no ./internal subpath among them.
    const modules = pages.filter((p) => p.startsWith('modules/'))
    expect(modules).toContain('modules/_edgemcp_streamable-http.node.html')
    expect(modules.filter((p) => /internal/i.test(p))).toEqual([])
  })

  it('has no broken links', () => {
    expect(brokenHtmlLinks(out).map(formatBroken)).toEqual([])
  })
})

describe('the Markdown documentation', () => {
  it('has no broken relative links (READMEs, CONTRIBUTING.md, docs/)', () => {
    const files = [join(repoRoot, 'README.md'), join(repoRoot, 'CONTRIBUTING.md')]
    for (const group of ['packages', 'apps', 'tools'])
      for (const d of readdirSync(join(repoRoot, group)))
        if (existsSync(join(repoRoot, group, d, 'README.md')))
          files.push(join(repoRoot, group, d, 'README.md'))
    for (const f of readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('.md') && !f.startsWith('api/')) files.push(join(repoRoot, 'docs', f))
    expect(brokenMarkdownLinks(files, repoRoot).map(formatBroken)).toEqual([])
  })
})
