import { execFile } from 'node:child_process'
import {
  accessSync,
  constants,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { packageRoot } from './support/typecheck.js'

const run = promisify(execFile)
const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  bin: Record<string, string>
  files: string[]
  exports: Record<string, string | Record<string, string>>
}
const bin = join(packageRoot, pkg.bin['edgemcp-codegen']!)

describe('package.json against the build', () => {
  it('every export target exists', () => {
    for (const target of Object.values(pkg.exports)) {
      for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
        expect(() => accessSync(join(packageRoot, file)), file).not.toThrow()
      }
    }
  })

  it('the bin is a committed, executable JavaScript file outside dist/, shipped in the tarball', () => {
    // npm links a bin when the package is installed, and only if its target exists then: a bin inside dist/ was
    // not linked by `npm ci` in a fresh clone, so `npx edgemcp-codegen` asked the registry for that name.
    expect(pkg.bin['edgemcp-codegen']!.startsWith('./dist/')).toBe(false)
    expect(pkg.files).toContain(pkg.bin['edgemcp-codegen']!.replace(/^\.\//, '').split('/')[0])
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow()
  })

  it('is the bin that `npm ci` linked at the repository root', () => {
    const linked = join(packageRoot, '..', '..', 'node_modules', '.bin', 'edgemcp-codegen')
    expect(
      realpathSync(linked),
      `${linked} is stale (an install from before the bin moved out of dist/): run npm ci at the repository root`,
    ).toBe(realpathSync(bin))
  })

  it('answers --help through the bin', async () => {
    const { stdout } = await run(process.execPath, [bin, '--help'])
    expect(stdout).toMatch(/^Usage:\n {2}edgemcp-codegen <url/m)
  })

  it('says to run the build when dist/ is missing, with exit code 2', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'edgemcp-codegen-bin-'))
    try {
      mkdirSync(join(copy, 'bin'))
      copyFileSync(bin, join(copy, 'bin', 'edgemcp-codegen.js'))
      const failure = await run(process.execPath, [join(copy, 'bin', 'edgemcp-codegen.js'), '--help']).catch(
        (e: { code: number; stderr: string }) => e,
      )
      expect(failure).toMatchObject({ code: 2 })
      expect((failure as { stderr: string }).stderr).toContain('run `npm run build`')
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })
})
