/**
 * The platform guides (docs/platforms/) show their examples as the files the other tests run: each code block
 * whose info string names a file (```ts main.ts) must be that file of tools/platforms/, character for character,
 * and every example must be shown. So a guide cannot drift from what is tested.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = dirname(dirname(fileURLToPath(import.meta.url)))
const repo = join(here, '..', '..')
const docs = join(repo, 'docs', 'platforms')

/** Per guide: the file name each example is shown under → the example in tools/platforms/. */
const examples: Record<string, Record<string, string>> = {
  'deno.md': { 'main.ts': 'deno/main.ts' },
  'netlify-edge.md': { 'netlify/edge-functions/mcp.ts': 'netlify/edge-functions/mcp.ts' },
  'supabase-edge.md': { 'supabase/functions/mcp/index.ts': 'supabase/functions/mcp/index.ts' },
  'bun.md': { 'main.ts': 'bun/main.ts' },
  'vercel-nextjs.md': { 'app/mcp/route.ts': 'nextjs/app/mcp/route.ts' },
  'aws-lambda.md': { 'src/handler.ts': 'lambda/handler.ts' },
}

interface Block {
  lang: string
  name: string | undefined
  code: string
}

/** The fenced blocks of a Markdown text: language, the file name after it (if any), the code with its newline. */
function blocks(markdown: string): Block[] {
  const out: Block[] = []
  for (const m of markdown.matchAll(/^```(\w+)(?: +(\S+))?\n([\s\S]*?)^```$/gm))
    out.push({ lang: m[1]!, name: m[2], code: m[3]! })
  return out
}

const read = (guide: string) => readFileSync(join(docs, guide), 'utf8')

describe('the platform guides', () => {
  it('are the guides listed here, each linked from the index, which the root README links', () => {
    const guides = readdirSync(docs).filter((f) => f.endsWith('.md') && f !== 'README.md')
    expect(guides.sort()).toEqual(Object.keys(examples).sort())
    const index = read('README.md')
    for (const guide of guides) expect(index, guide).toContain(`](${guide})`)
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toContain('](docs/platforms/README.md)')
  })

  it.each(Object.entries(examples))(
    '%s shows its examples verbatim, and nothing else under a file name',
    (guide, shown) => {
      const named = blocks(read(guide)).filter((b) => b.lang === 'ts' && b.name !== undefined)
      expect(named.map((b) => b.name).sort()).toEqual(Object.keys(shown).sort())
      for (const block of named) {
        const file = join(here, shown[block.name!]!)
        expect(existsSync(file), file).toBe(true)
        expect(block.code, `${guide}: ${block.name} is not ${file}`).toBe(readFileSync(file, 'utf8'))
      }
    },
  )

  it.each([
    ['deno.md', 'deno.json', 'deno/main.ts'],
    ['supabase-edge.md', 'supabase/functions/mcp/deno.json', 'supabase/functions/mcp/index.ts'],
  ])('%s: its %s maps every package %s imports', (guide, config, example) => {
    const block = blocks(read(guide)).find((b) => b.lang === 'json' && b.name === config)
    const imports = Object.keys(JSON.parse(block!.code).imports)
    const source = readFileSync(join(here, example), 'utf8')
    const specifiers = [...source.matchAll(/^import .* from '([^.'][^']*)'$/gm)].map((m) => m[1]!)
    expect(specifiers.length).toBeGreaterThan(0)
    for (const specifier of specifiers)
      expect(
        imports.some(
          (key) =>
            specifier === key ||
            (key.endsWith('/') && specifier.startsWith(key)) ||
            specifier.startsWith(`${key}/`),
        ),
        `${specifier} in ${config}`,
      ).toBe(true)
  })
})
