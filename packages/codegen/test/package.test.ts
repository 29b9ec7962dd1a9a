import { accessSync, constants, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from './support/typecheck.js'

const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  bin: Record<string, string>
  exports: Record<string, string | Record<string, string>>
}

describe('package.json against the build', () => {
  it('every export target exists', () => {
    for (const target of Object.values(pkg.exports)) {
      for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
        expect(() => accessSync(join(packageRoot, file)), file).not.toThrow()
      }
    }
  })

  it('the bin is plain JavaScript with a shebang, executable', () => {
    const bin = join(packageRoot, pkg.bin['edgemcp-codegen']!)
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow()
  })
})
