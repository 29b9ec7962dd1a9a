import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('./instance-main.mjs', import.meta.url))

export interface InstanceProcess {
  url: string
  child: ChildProcess
  /** SIGKILL: the process dies at once, nothing cleaned up. */
  kill(): Promise<void>
  /** SIGTERM: the instance leaves the fleet gracefully. */
  stop(): Promise<void>
}

/** Starts instance-main.mjs (the built package) and resolves with its URL. */
export function startInstanceProcess(env: Record<string, string>): Promise<InstanceProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${output}`)), 30_000)
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString()
    })
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString()
      const m = /listening (\S+)/.exec(output)
      if (!m) return
      clearTimeout(timer)
      resolve({
        url: m[1]!,
        child,
        async kill() {
          child.kill('SIGKILL')
          await exited
        },
        async stop() {
          child.kill('SIGTERM')
          await exited
        },
      })
    })
    child.once('exit', (code) => reject(new Error(`instance exited (${code}): ${output}`)))
  })
}
