import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { brokenHtmlLinks, brokenMarkdownLinks, formatBroken, headingSlugs } from './links.js'

const dir = mkdtempSync(join(tmpdir(), 'edgemcp-links-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true })
  writeFileSync(join(dir, path), text)
}

describe('brokenHtmlLinks', () => {
  it('reports missing pages and missing anchors, and ignores other sites', () => {
    write('site/index.html', '<a href="a.html#x">a</a><a href="a.html#nope">b</a><a href="gone.html">c</a>')
    write(
      'site/a.html',
      '<h2 id="x">x</h2><a href="https://example.com/">d</a><a href="#x">e</a><img src="i.svg">',
    )
    expect(brokenHtmlLinks(join(dir, 'site')).map(formatBroken).sort()).toEqual([
      'a.html: i.svg (no such file)',
      'index.html: a.html#nope (no anchor #nope)',
      'index.html: gone.html (no such file)',
    ])
  })
})

describe('brokenMarkdownLinks', () => {
  it('checks paths, directories with #readme, and headings as GitHub names them', () => {
    write('md/pkg/README.md', '# Pkg\n\n## Tools with zod (or any Standard Schema)\n')
    write(
      'md/README.md',
      [
        '# Root',
        '[ok](pkg#readme) [ok](pkg/README.md#tools-with-zod-or-any-standard-schema) [ok](#root)',
        '[bad](pkg/README.md#nope) [bad](missing.md) [ext](https://example.com/x.md)',
        '```md',
        '[in a code block](ignored.md)',
        '```',
      ].join('\n'),
    )
    expect(brokenMarkdownLinks([join(dir, 'md/README.md')], join(dir, 'md')).map(formatBroken)).toEqual([
      'README.md: pkg/README.md#nope (no heading #nope)',
      'README.md: missing.md (no such file)',
    ])
  })

  it('numbers repeated headings', () => {
    expect([...headingSlugs('# A\n## Options\n### Options\n## `ctx.elicit` and more')]).toEqual([
      'a',
      'options',
      'options-1',
      'ctxelicit-and-more',
    ])
  })
})
