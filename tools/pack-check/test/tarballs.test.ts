/**
 * What npm would publish, checked as a registry reader sees it: the tarball's files, publint (strict), and
 * "Are the types wrong?" for an ESM-only package (resolution under node16 ESM and bundler).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { describe, expect, inject, it } from 'vitest'
import { cleanEnv, run } from '../src/run.js'

const attw = join(
  createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json'),
  '..',
  'dist',
  'index.js',
)
// Packed once for the run by test/global-setup.ts.
const packed = inject('packed')

describe('every published package, packed', () => {
  it('ships its README, LICENSE, package.json and built code, and no source maps, sources or tests', () => {
    for (const p of packed) {
      expect(p.files, p.name).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']))
      // An initializer (create-*) ships the projects it writes under templates/, their sources and tests too.
      const shipped = p.name.startsWith('create-')
        ? p.files.filter((f) => !f.startsWith('templates/'))
        : p.files
      expect(
        shipped.filter(
          (f) => f.endsWith('.map') || f.startsWith('src/') || f.startsWith('test/') || /\.test\./.test(f),
        ),
        p.name,
      ).toEqual([])
      expect(p.files.filter((f) => f.startsWith('dist/')).length, p.name).toBeGreaterThan(0)
    }
  })

  it('is clean under publint --strict', async () => {
    const problems: string[] = []
    for (const p of packed) {
      const bytes = readFileSync(p.tarball)
      const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
      const result = await publint({ pack: { tarball }, strict: true })
      for (const m of result.messages)
        problems.push(`${p.name}: ${m.type}: ${formatMessage(m, result.pkg) ?? m.code}`)
    }
    expect(problems).toEqual([])
  })

  it('has types that resolve for an ESM-only package (attw --profile esm-only)', async () => {
    const failures: string[] = []
    for (const p of packed) {
      const r = await run(process.execPath, [attw, p.tarball, '--profile', 'esm-only', '--format', 'ascii'], {
        env: cleanEnv({ NO_COLOR: '1' }),
      })
      if (r.code !== 0) failures.push(`${p.name}:\n${r.stdout}${r.stderr}`)
    }
    expect(failures).toEqual([])
  })
})
