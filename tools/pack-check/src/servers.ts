import { type ChildProcess, spawn } from 'node:child_process'
import { request } from 'node:http'
import { cleanEnv } from './run.js'

export interface NodeServer {
  port: number
  /** A second server's port, when the script starts one (`rootPort` in its line). */
  rootPort: number | undefined
  output: () => string
  stop: () => Promise<void>
}

interface Started {
  output: () => string
  stop: () => Promise<void>
}

/**
 * Spawns `argv` in `cwd` and resolves with what `ready` finds in its output (stdout and stderr together) once it
 * finds something; rejects with the output if the process exits or fails to start first.
 */
function spawnUntilReady<T>(
  argv: readonly string[],
  { cwd, env, ready }: { cwd: string; env: NodeJS.ProcessEnv; ready: (log: string) => T | undefined },
): Promise<T & Started> {
  const child: ChildProcess = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }
  return new Promise((resolve, reject) => {
    // A hang guard: a server that never says where it listens is stopped after a minute.
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${argv.join(' ')} printed no ready line within 60 s:\n${log}`))
    }, 60_000)
    const read = (d: Buffer) => {
      log += String(d)
      const found = ready(log)
      if (found !== undefined) {
        clearTimeout(timer)
        resolve({ ...found, output: () => log, stop })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${argv.join(' ')} exited (${code ?? signal}):\n${log}`))
    })
    child.once('error', reject)
  })
}

/** Starts `node <script>` in `cwd` and resolves once it prints {"port":…}; rejects with its output if it exits. */
export function startNodeServer(cwd: string, script: string): Promise<NodeServer> {
  return spawnUntilReady([process.execPath, script], {
    cwd,
    env: cleanEnv(),
    ready: (log) => {
      const line = /^(\{"port":.*\})$/m.exec(log)?.[1]
      if (line === undefined) return undefined
      const { port, rootPort } = JSON.parse(line) as { port: number; rootPort?: number }
      return { port, rootPort }
    },
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
  return spawnUntilReady(argv, {
    cwd,
    env: cleanEnv({ PORT: '0', DENO_NO_UPDATE_CHECK: '1', BUN_DISABLE_TELEMETRY: '1', NO_COLOR: '1' }),
    ready: (log) => {
      const url = /MCP at (http:\/\/\S+)/.exec(log)?.[1]
      return url === undefined ? undefined : { url }
    },
  })
}

/**
 * The status of a POST to `url` sent with the given `Host` header (fetch cannot set one: node:http can), as a
 * page on another name that resolves to this machine would send it (DNS rebinding).
 */
export function hostStatus(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.once('error', reject)
    req.end(body)
  })
}
