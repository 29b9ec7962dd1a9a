import { type ChildProcess, spawn } from 'node:child_process'
import { cleanEnv } from './run.js'

export interface NodeServer {
  port: number
  /** A second server's port, when the script starts one (`rootPort` in its line). */
  rootPort: number | undefined
  output: () => string
  stop: () => Promise<void>
}

/** Starts `node <script>` in `cwd` and resolves once it prints {"port":…}; rejects with its output if it exits. */
export function startNodeServer(cwd: string, script: string): Promise<NodeServer> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d) => (log += String(d)))
    child.stdout?.on('data', (d) => {
      log += String(d)
      const line = /^(\{"port":.*\})$/m.exec(log)?.[1]
      if (line) {
        const { port, rootPort } = JSON.parse(line) as { port: number; rootPort?: number }
        resolve({ port, rootPort, output: () => log, stop })
      }
    })
    child.once('exit', (code, signal) => reject(new Error(`${script} exited (${code ?? signal}):\n${log}`)))
    child.once('error', reject)
  })
}

export interface RuntimeServer {
  /** The URL the example printed (`MCP at <url>`). */
  url: string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts `argv` in `cwd` with PORT=0 and resolves with the URL it prints as `MCP at <url>`; rejects with its
 * output if it exits first. For the Deno and Bun examples of the READMEs.
 */
export function startRuntimeServer(cwd: string, argv: readonly string[]): Promise<RuntimeServer> {
  const child: ChildProcess = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: cleanEnv({ PORT: '0', DENO_NO_UPDATE_CHECK: '1', BUN_DISABLE_TELEMETRY: '1', NO_COLOR: '1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }
  return new Promise((resolve, reject) => {
    const read = (d: Buffer) => {
      log += String(d)
      const url = /MCP at (http:\/\/\S+)/.exec(log)?.[1]
      if (url) resolve({ url, output: () => log, stop })
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code, signal) =>
      reject(new Error(`${argv.join(' ')} exited (${code ?? signal}):\n${log}`)),
    )
    child.once('error', reject)
  })
}
