import type { ChildProcess } from 'node:child_process'

const live = new Set<ChildProcess>()
let hooked = false

/** A server outliving its client is never wanted: children still running when this process exits are killed. */
export function trackChild(child: ChildProcess): () => void {
  if (!hooked) {
    hooked = true
    process.on('exit', () => {
      for (const c of live) killTree(c, 'SIGKILL')
    })
  }
  live.add(child)
  return () => live.delete(child)
}

/** Signals the child's process group (POSIX, spawned detached), or the child alone when that fails. */
export function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && process.platform !== 'win32')
    try {
      process.kill(-child.pid, signal)
      return
    } catch {
      // The group is gone already or was never made: fall back to the child.
    }
  child.kill(signal)
}
