import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { MemoryFigures, ServerHandle } from './server.js'

export type ChildKind = 'edgemcp' | 'sdk-stateful' | 'raw-sse' | 'hono-sse' | 'hono-direct' | 'conformance'

interface Reply {
  id: number
  value: unknown
}

/**
 * Runs a server in a child process (`node --expose-gc dist/lib/server-main.js`), so that its memory is
 * measured apart from the clients'. Needs the build (`npm run build`); the child is killed by its pid.
 */
export async function startChildServer(
  kind: ChildKind,
  options: object = {},
): Promise<ServerHandle & { pid: number }> {
  const main = fileURLToPath(new URL('./server-main.js', import.meta.url))
  const child = fork(main, [kind, JSON.stringify(options)], {
    execArgv: ['--expose-gc', '--max-old-space-size=4096'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let next = 0
  const waiting = new Map<number, (v: unknown) => void>()
  const ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server child exited (${code})`)))
    child.on('message', (m: Reply | { url: string }) => {
      if ('url' in m) resolve(m.url)
      else waiting.get(m.id)?.(m.value)
    })
  })
  const ask = <T>(cmd: string): Promise<T> => {
    const id = ++next
    return new Promise<T>((resolve) => {
      waiting.set(id, (v) => resolve(v as T))
      child.send({ id, cmd })
    })
  }
  const url = await ready
  return {
    url,
    pid: child.pid ?? 0,
    memory: () => ask<MemoryFigures>('memory'),
    sessions: () => ask<number>('sessions'),
    async close() {
      await ask('close').catch(() => {})
      if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL')
    },
  }
}
