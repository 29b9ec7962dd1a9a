import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot } from './packages.js'

/**
 * Where a TypeScript example runs: `node` (Node types, DOM lib), `worker` (Workers types, `wrangler dev`), or
 * `deno` / `bun` (```ts deno, ```ts bun: run by that runtime from the installed packages, not type-checked by tsc).
 */
export type BlockEnv = 'node' | 'worker' | 'deno' | 'bun'

const RUNTIMES = ['worker', 'deno', 'bun'] as const

export interface CodeBlock {
  /** The Markdown file, relative to the repository root. */
  file: string
  /** 1-based line of the block's first code line. */
  line: number
  lang: string
  /** Words after the language in the fence's info string (```ts worker → ['worker']). */
  meta: string[]
  code: string
}

export interface TsExample extends CodeBlock {
  env: BlockEnv
  /** A file name for the example in a project: `packages-core-README-L42.ts`. */
  fileName: string
  /** For a Worker example: the wrangler config shown with it (the next ```jsonc block that has "main"). */
  wranglerConfig?: string
}

/** Every fenced code block of a Markdown text (``` fences; the info string's first word is the language). */
export function codeBlocks(markdown: string, file: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i]!)
    if (!open) continue
    const [, indent, fence, info] = open
    const [lang = '', ...meta] = info!.trim().split(/\s+/)
    const code: string[] = []
    let j = i + 1
    for (; j < lines.length && !lines[j]!.startsWith(`${indent}${fence}`); j++)
      code.push(lines[j]!.slice(indent!.length))
    blocks.push({ file, line: i + 2, lang, meta, code: code.join('\n') })
    i = j
  }
  return blocks
}

/**
 * The Markdown files a user reads, whose TypeScript examples must compile: the root README, every package
 * README, and the guides under docs/guides/ (docs/*.md next to them are contributor documents).
 */
export function documentationFiles(): string[] {
  const files = [join(repoRoot, 'README.md')]
  for (const d of readdirSync(join(repoRoot, 'packages'), { withFileTypes: true }))
    if (d.isDirectory() && existsSync(join(repoRoot, 'packages', d.name, 'README.md')))
      files.push(join(repoRoot, 'packages', d.name, 'README.md'))
  const guides = join(repoRoot, 'docs', 'guides')
  if (existsSync(guides))
    for (const f of readdirSync(guides, { recursive: true, encoding: 'utf8' }).sort())
      if (f.endsWith('.md')) files.push(join(guides, f))
  return files
}

const TS_LANGS = new Set(['ts', 'typescript', 'tsx', 'mts'])

/** The TypeScript examples of `files` (```ts blocks), each with its environment and, for Workers, its config. */
export function tsExamples(files: readonly string[] = documentationFiles()): TsExample[] {
  const out: TsExample[] = []
  for (const path of files) {
    const file = relative(repoRoot, path)
    const blocks = codeBlocks(readFileSync(path, 'utf8'), file)
    blocks.forEach((block, index) => {
      if (!TS_LANGS.has(block.lang)) return
      const env: BlockEnv = RUNTIMES.find((r) => block.meta.includes(r)) ?? 'node'
      const example: TsExample = {
        ...block,
        env,
        fileName: `${file.replace(/\.md$/, '').replace(/[^A-Za-z0-9]+/g, '-')}-L${block.line}.ts`,
      }
      if (env === 'worker') {
        const config = blocks
          .slice(index + 1)
          .find((b) => (b.lang === 'jsonc' || b.lang === 'json') && /"main"\s*:/.test(b.code))
        if (config) example.wranglerConfig = config.code
      }
      out.push(example)
    })
  }
  return out
}

/**
 * The file written for an example: a first line naming where it comes from, then the code as written, then
 * `export {}` so that every example is a module (top-level await works, names never clash between examples).
 */
export function exampleSource(example: TsExample): string {
  return `// ${example.file}:${example.line}\n${example.code}\nexport {}\n`
}

/**
 * Rewrites TypeScript diagnostics that point into example files (`readme/x-L42.ts(3,7)`) to the Markdown they
 * come from (`packages/x/README.md:44:7`), so a failure names the line a writer has to fix.
 */
export function mapDiagnostics(output: string, examples: readonly TsExample[]): string {
  const byName = new Map(examples.map((e) => [e.fileName, e]))
  return output.replace(/[\w./-]*?([\w-]+-L\d+\.ts)\((\d+),(\d+)\)/g, (match, name: string, line, col) => {
    const example = byName.get(name)
    // Line 1 of the file is the comment naming the source; line 2 is the block's first line.
    return example ? `${example.file}:${example.line + Number(line) - 2}:${col}` : match
  })
}

/** What an example says it prints: the `// …` line right after its last `console.log(…)` line, if any. */
export function documentedOutput(code: string): string | undefined {
  const lines = code.split('\n')
  const at = lines.findLastIndex((l) => /^console\.log\(/.test(l))
  return at < 0 ? undefined : /^\/\/ (.*)$/.exec(lines[at + 1] ?? '')?.[1]
}
