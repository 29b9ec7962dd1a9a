import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Where the locks live: one file per app directory, shared by every process of this machine's user. */
export const lockDir = join(tmpdir(), 'edgemcp-wrangler-dev-locks')

interface LockContent {
  /** The process that took the lock. */
  pid: number
  /** The process group of the `wrangler dev` started under it, once known (outlives `pid` by a moment). */
  pgid?: number
  token: string
  dir: string
}

export interface DirLock {
  /** The lock file. */
  file: string
  /** Records the group of the dev server, so that the lock stays taken while it still runs. */
  setGroup: (pgid: number) => void
  /** Removes the lock file (idempotent). */
  release: () => void
}

const alive = (pid: number | undefined, group = false): boolean => {
  if (pid === undefined) return false
  try {
    process.kill(group ? -pid : pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function read(file: string): LockContent | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockContent
  } catch {
    return undefined // gone, or half written: the writer is alive and about to finish
  }
}

/** Lock files this process holds (file → token), removed at exit (a crash leaves them to the staleness check). */
const held = new Map<string, string>()
let exitHook = false

function removeIfOurs(file: string, token: string): void {
  if (read(file)?.token === token)
    try {
      unlinkSync(file)
    } catch {}
}

/**
 * Takes the lock of app directory `dir` (by its real path), so that two `wrangler dev` of one directory never
 * run at once, across processes: when one of them ends, wrangler cleans the directory's `.wrangler/tmp`, and
 * the other reloads its Worker mid-run. The lock is a file created exclusively; it is released by
 * `release()`, at this process's exit, or counts as stale once neither its process nor its dev server's
 * group is alive (a crash). Waits at most `timeoutMs`, then throws naming the holder.
 */
export async function lockAppDir(dir: string, options: { timeoutMs?: number } = {}): Promise<DirLock> {
  const real = realpathSync(dir)
  mkdirSync(lockDir, { recursive: true })
  const file = join(lockDir, `${createHash('sha256').update(real).digest('hex').slice(0, 24)}.lock`)
  const content: LockContent = { pid: process.pid, token: randomUUID(), dir: real }
  const timeoutMs = options.timeoutMs ?? 600_000
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      writeFileSync(file, JSON.stringify(content), { flag: 'wx' })
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const holder = read(file)
    if (holder && !alive(holder.pid) && !alive(holder.pgid, true)) {
      // Stale: remove it unless another waiter has replaced it meanwhile.
      if (read(file)?.token === holder.token)
        try {
          unlinkSync(file)
        } catch {}
      continue
    }
    if (Date.now() > deadline)
      throw new Error(
        `wrangler dev of ${real}: another one of this directory (pid ${holder?.pid ?? '?'}) still runs after ${timeoutMs / 1000} s (lock ${file})`,
      )
    await sleep(200)
  }
  held.set(file, content.token)
  if (!exitHook) {
    exitHook = true
    process.once('exit', () => {
      for (const [f, token] of held) removeIfOurs(f, token)
    })
  }
  return {
    file,
    setGroup: (pgid) => {
      content.pgid = pgid
      writeFileSync(file, JSON.stringify(content))
    },
    release: () => {
      if (held.get(file) !== content.token) return
      held.delete(file)
      removeIfOurs(file, content.token)
    },
  }
}
