import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { globSync } from './fs-with-glob.mjs'

describe('globSync shim', () => {
  it('matches ** and * segments relative to cwd', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glob-test-'))
    try {
      for (const rel of ['a/checks.json', 'a/b/checks.json', 'checks.json', 'a/other.json']) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
        fs.writeFileSync(path.join(root, rel), '[]')
      }
      expect(globSync('**/checks.json', { cwd: root }).sort()).toEqual([
        'a/b/checks.json',
        'a/checks.json',
        'checks.json',
      ])
      expect(globSync('a/*.json', { cwd: root }).sort()).toEqual(['a/checks.json', 'a/other.json'])
      expect(globSync('nope/**/x', { cwd: root })).toEqual([])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
