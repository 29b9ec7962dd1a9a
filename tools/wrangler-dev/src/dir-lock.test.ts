import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lockAppDir } from './dir-lock.js'

const dir = mkdtempSync(join(tmpdir(), 'edgemcp-dir-lock-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('lockAppDir', () => {
  it('lets one holder at a time in: the second waits until the first releases', async () => {
    const first = await lockAppDir(dir)
    expect(existsSync(first.file)).toBe(true)
    const order: string[] = []
    const second = lockAppDir(dir).then((lock) => {
      order.push('second in')
      return lock
    })
    await new Promise((resolve) => setTimeout(resolve, 600))
    order.push('first out')
    first.release()
    const lock = await second
    expect(order).toEqual(['first out', 'second in'])
    lock.release()
    lock.release() // idempotent
    expect(existsSync(lock.file)).toBe(false)
  })

  it('gives up after its bounded wait, naming the holder', async () => {
    const held = await lockAppDir(dir)
    try {
      await expect(lockAppDir(dir, { timeoutMs: 300 })).rejects.toThrow(
        new RegExp(`another one of this directory \\(pid ${process.pid}\\) still runs after 0.3 s`),
      )
    } finally {
      held.release()
    }
  })

  it('takes over the lock of a process that crashed without releasing it', async () => {
    // A process that takes the lock (as startWranglerDev does) and is then killed with SIGKILL: no exit hook.
    // The built module (turbo builds before it tests): Node 20 cannot import the TypeScript source.
    const url = new URL('../dist/dir-lock.js', import.meta.url).href
    const script = `import(${JSON.stringify(url)}).then(async ({ lockAppDir }) => {
      const lock = await lockAppDir(${JSON.stringify(dir)}); console.log(lock.file); setInterval(() => {}, 1000) })`
    const child = spawn(process.execPath, ['-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const file = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (d) => resolve(String(d).trim()))
      child.once('exit', (code) => reject(new Error(`the lock holder exited early (${code})`)))
    })
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(child.pid)
    await expect(lockAppDir(dir, { timeoutMs: 300 })).rejects.toThrow(`(pid ${child.pid})`)
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    const lock = await lockAppDir(dir, { timeoutMs: 5_000 })
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid)
    lock.release()
  })
})
