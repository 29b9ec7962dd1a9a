// Starts an example's server process and stops it again, by its own PID.
import { type ChildProcess, spawn } from 'node:child_process'

export interface Started {
  /** What the `ready` pattern's first group captured (the server's origin). */
  origin: string
  output: () => string
  stop: () => Promise<void>
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Spawns `argv` and resolves once its output (stdout and stderr) matches `ready`, whose first group is the
 * origin; rejects with the output if it exits first. No deadline here: the test's timeout is the hang guard.
 */
export function start(
  argv: readonly string[],
  { cwd, env = {}, ready }: { cwd: string; env?: Record<string, string>; ready: RegExp },
): Promise<Started> {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: {
      ...process.env,
      DENO_NO_UPDATE_CHECK: '1',
      BUN_DISABLE_TELEMETRY: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const guard = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(guard)
    }
    running.delete(child)
  }
  return new Promise((resolve, reject) => {
    const read = (d: Buffer) => {
      log += String(d)
      const origin = ready.exec(log)?.[1]
      if (origin !== undefined) resolve({ origin, output: () => log, stop })
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code, signal) => {
      running.delete(child)
      reject(new Error(`${argv.join(' ')} exited (${code ?? signal}):\n${log}`))
    })
    child.once('error', reject)
  })
}
