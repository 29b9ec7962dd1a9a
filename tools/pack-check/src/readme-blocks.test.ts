import { describe, expect, it } from 'vitest'
import { codeBlocks, documentationFiles, exampleSource, mapDiagnostics, tsExamples } from './readme-blocks.js'

const md = [
  '# Title',
  '',
  '```ts worker',
  "import { a } from 'a'",
  'a()',
  '```',
  '',
  '```jsonc',
  '{ "main": "src/index.ts" }',
  '```',
  '',
  '  ```ts',
  '  const x = 1',
  '  ```',
].join('\n')

describe('codeBlocks', () => {
  it('finds fenced blocks with their language, the words after it and the line of their first code line', () => {
    expect(codeBlocks(md, 'X.md')).toEqual([
      { file: 'X.md', line: 4, lang: 'ts', meta: ['worker'], code: "import { a } from 'a'\na()" },
      { file: 'X.md', line: 9, lang: 'jsonc', meta: [], code: '{ "main": "src/index.ts" }' },
      { file: 'X.md', line: 13, lang: 'ts', meta: [], code: 'const x = 1' },
    ])
  })
})

describe('the documentation of this repository', () => {
  it('is the root README, every package README and the guides', () => {
    const files = documentationFiles().map((f) => f.split('/').slice(-3).join('/'))
    expect(files).toContain('packages/core/README.md')
    expect(files).toContain('docs/guides/deploy-to-cloudflare-workers.md')
    expect(files.some((f) => f.endsWith('docs/architecture.md'))).toBe(false)
  })

  it('has Worker examples, each with the wrangler config shown after it', () => {
    const workers = tsExamples().filter((e) => e.env === 'worker')
    expect(workers.map((e) => e.file)).toEqual(
      expect.arrayContaining([
        'README.md',
        'packages/workers/README.md',
        'docs/guides/deploy-to-cloudflare-workers.md',
      ]),
    )
    for (const e of workers.filter((e) => e.code.includes('createMcpWorker')))
      expect(e.wranglerConfig, `${e.file}:${e.line}`).toMatch(/"new_sqlite_classes"/)
  })

  it('maps a compiler error in an example file back to its Markdown line', () => {
    const [example] = tsExamples()
    expect(exampleSource(example!).split('\n')[0]).toBe(`// ${example!.file}:${example!.line}`)
    const out = mapDiagnostics(`readme/${example!.fileName}(3,7): error TS2304: Cannot find name 'x'.`, [
      example!,
    ])
    expect(out).toBe(`${example!.file}:${example!.line + 1}:7: error TS2304: Cannot find name 'x'.`)
  })
})
