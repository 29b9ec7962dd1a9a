// Things our tests install once per machine (a Python venv, a Node 22 binary, a peer's CLI), under the OS
// temporary directory, reused by every later run; a lock makes parallel test files wait for the one installing.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** Runs a program to its end; rejects with its stderr. */
export const run = (file: string, args: string[], timeoutMs: number, cwd?: string) =>
  new Promise<string>((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, cwd }, (error, stdout, stderr) =>
      error ? reject(new Error(`${file} ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
    )
  })

/**
 * Makes `dir` with `install` unless an earlier run did (it leaves `.installed` behind when it succeeds). One
 * installer at a time: an exclusive lock file beside `dir`, waited on for at most 10 minutes, then taken over.
 */
export async function installOnce(dir: string, install: () => Promise<void>): Promise<void> {
  const done = join(dir, '.installed')
  if (existsSync(done)) return
  mkdirSync(dirname(dir), { recursive: true })
  const lockPath = `${dir}.lock`
  const deadline = Date.now() + 600_000
  for (;;) {
    try {
      const lock = await open(lockPath, 'wx')
      try {
        if (!existsSync(done)) {
          rmSync(dir, { recursive: true, force: true })
          mkdirSync(dir, { recursive: true })
          await install()
          writeFileSync(done, `${new Date().toISOString()}\n`)
        }
      } finally {
        await lock.close()
        rmSync(lockPath, { force: true })
      }
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (existsSync(done)) return
      if (Date.now() > deadline) rmSync(lockPath, { force: true })
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}
