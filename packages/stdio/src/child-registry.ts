import type { ChildProcess } from 'node:child_process'
import { killTree } from './client-transport.js'

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
