import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultOAuthFilePath, FileOAuthStore } from './file-store.js'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'oauth-store-'))
  dirs.push(d)
  return d
}

describe('FileOAuthStore', () => {
  it('keeps values across instances in a 0600 file inside a 0700 directory', async () => {
    const path = join(tempDir(), 'nested', 'oauth.json')
    const store = new FileOAuthStore(path)
    expect(await store.get('a')).toBeUndefined()
    await Promise.all([store.set('a', '1'), store.set('b', '2'), store.set('c', '3')])
    await store.delete('b')
    expect(await new FileOAuthStore(path).get('a')).toBe('1')
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ a: '1', c: '3' })
    if (process.platform !== 'win32') {
      expect(statSync(path).mode & 0o777).toBe(0o600)
      expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700)
    }
  })

  it('reads a corrupt or foreign file as empty and replaces it on the next write', async () => {
    const path = join(tempDir(), 'oauth.json')
    writeFileSync(path, '{ not json', { mode: 0o644 })
    const store = new FileOAuthStore(path)
    expect(await store.get('a')).toBeUndefined()
    await store.set('a', 'x')
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ a: 'x' })
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('defaultOAuthFilePath follows XDG_CONFIG_HOME', () => {
    const before = process.env.XDG_CONFIG_HOME
    process.env.XDG_CONFIG_HOME = '/cfg'
    try {
      expect(defaultOAuthFilePath('tool')).toBe(join('/cfg', 'tool', 'oauth.json'))
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME
      else process.env.XDG_CONFIG_HOME = before
    }
  })
})
